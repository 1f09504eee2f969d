import CLibFuzzer
import ForceCore
import Foundation

/// Reads the same bytes as a config file, as an Info.plist and as the dynamic quick actions'
/// JSON. Any trap, or a value outside its documented range, is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    if let s = try? Settings.parse(bytes, file: "config") {
        precondition(s.pressureStep > 0 && s.pressureStep <= 1, "pressure-step out of range")
        precondition((0...PressureEmulator.maximumEasing).contains(s.pressureEasing), "pressure-easing out of range")
        precondition(s.fallbackInterval > 0 && s.fallbackInterval <= TimedFallback.maximumWaitingInterval, "fallback out of range")
        precondition((0...1).contains(s.pressureCurve.minimumPressure), "minimum pressure out of range")
        precondition((try? s.thresholds()) != nil, "a parsed config with unusable thresholds")
        for x in stride(from: 0.0, through: 1, by: 0.125) { precondition((0...1).contains(s.pressureCurve.apply(x)), "curve out of 0…1") }
    }
    let data = Data(bytes)
    // Only what could be a property list goes to Foundation's reader: its old-style parser logs
    // a line on stderr for every other input (16 MB of log in five minutes).
    let plist = data.starts(with: Array("bplist".utf8)) || data.first(where: { $0 > 0x20 }) == UInt8(ascii: "<")
    let readers = (plist ? [ShortcutCatalog.staticItems(fromInfoPlist: data, file: "Info.plist")] : [])
        + [ShortcutCatalog.dynamicItems(fromJSON: data, file: "shortcuts.json")]
    for loaded in readers {
        for item in loaded.items {
            precondition(item.title.count <= InputLimits.maximumTitleLength, "a title longer than the limit")
            precondition((item.subtitle?.count ?? 0) <= InputLimits.maximumTitleLength, "a subtitle longer than the limit")
        }
        var catalog = ShortcutCatalog(staticItems: loaded.items)
        _ = catalog.menuItems
        _ = catalog.loadDynamicItems(fromJSON: data, file: "shortcuts.json")
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = try? PressureCurve.parse(text)
        if let v = DecimalText.number(text) { precondition(!v.isNaN, "a decimal that is NaN") }
    }
    return 0
}

// libFuzzer runs `fuzzSettings` on every input it makes (SwiftPM owns `main`, so the driver is called).
var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, size in
    guard let data else { return 0 }
    return fuzzSettings(UnsafeRawPointer(data), size)
})
