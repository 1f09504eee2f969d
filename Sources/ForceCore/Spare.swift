/// A value kept only for its storage (a scratch array reused from call to call), never part of
/// the state that holds it: any two compare equal, so a derived `==` stays the state's own.
struct Spare<Value: Sendable>: Equatable, Sendable {
    var value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: Spare, b: Spare) -> Bool { true }
}
