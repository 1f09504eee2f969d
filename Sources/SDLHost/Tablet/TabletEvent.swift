import ForceCore

/// What the XI2 pen source tells the event translator, in X event order.
enum TabletEvent: Equatable {
    /// A pen or eraser sample from XI2 device `deviceID`, which `device` describes.
    case pen(deviceID: Int32, device: InputDevice, PointerInput)
    /// A pointer that is not a pen (mouse, touchpad, XTest) moved or pressed a button after a
    /// pen was the last to do so: the mouse takes over again.
    case otherPointer
    /// Something the user should know, shown once (a pen with an unusable pressure range).
    case notice(String)
    /// The pen moved this far while hovering with its pan button held (`XI2PenSource.panButton`).
    case pan(dx: Double, dy: Double)
    /// A barrel button that does not pan went down or up: 1 the lower (X button 2,
    /// BTN_STYLUS), 2 the upper (X button 3, BTN_STYLUS2).
    case barrel(button: Int, down: Bool)
}
