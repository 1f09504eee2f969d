import Foundation
import XCTest
@testable import ForceCore

final class ShortcutCatalogTests: XCTestCase {
    static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleName</key>
        <string>ForceCanvas</string>
        <key>UIApplicationShortcutItems</key>
        <array>
            <dict>
                <key>UIApplicationShortcutItemType</key>
                <string>com.forcecanvas.new-canvas</string>
                <key>UIApplicationShortcutItemTitle</key>
                <string>New Canvas</string>
                <key>UIApplicationShortcutItemIconType</key>
                <string>UIApplicationShortcutIconTypeAdd</string>
                <key>SomeFutureKey</key>
                <integer>42</integer>
            </dict>
            <dict>
                <key>UIApplicationShortcutItemType</key>
                <string>com.forcecanvas.peek-demo</string>
                <key>UIApplicationShortcutItemTitle</key>
                <string>Peek and Pop</string>
                <key>UIApplicationShortcutItemSubtitle</key>
                <string>Messages demo</string>
                <key>UIApplicationShortcutItemIconFile</key>
                <string>peek.png</string>
                <key>UIApplicationShortcutItemUserInfo</key>
                <dict>
                    <key>scene</key>
                    <string>messages</string>
                </dict>
            </dict>
        </array>
    </dict>
    </plist>
    """

    static func plist(items: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>\(items)</array></dict></plist>
        """.utf8)
    }

    static func item(_ fields: String) -> String { "<dict>\(fields)</dict>" }
    static let typeAndTitle = "<key>UIApplicationShortcutItemType</key><string>t</string>"
        + "<key>UIApplicationShortcutItemTitle</key><string>T</string>"

    func testStaticItemsAreReadWithEveryKeyAndUnknownKeysIgnored() {
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: Data(Self.infoPlist.utf8))
        XCTAssertEqual(loaded.errors, [])
        XCTAssertEqual(loaded.items, [
            ShortcutItem(type: "com.forcecanvas.new-canvas", title: "New Canvas", iconType: .add),
            ShortcutItem(type: "com.forcecanvas.peek-demo", title: "Peek and Pop", subtitle: "Messages demo",
                         iconFile: "peek.png", userInfo: ["scene": "messages"]),
        ])
    }

    func testMissingRequiredKeyNamesFileIndexAndKeyAndKeepsTheOthers() {
        let data = Self.plist(items: [
            Self.item(Self.typeAndTitle),
            Self.item(Self.typeAndTitle),
            Self.item("<key>UIApplicationShortcutItemType</key><string>x</string>"),
        ].joined())
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data)
        XCTAssertEqual(loaded.items.count, 2)
        XCTAssertEqual(loaded.errors.map(\.description), [
            "Info.plist: UIApplicationShortcutItems[2]: missing required key UIApplicationShortcutItemTitle",
        ])
        XCTAssertEqual(loaded.errors.first?.problem, .missingRequiredKey("UIApplicationShortcutItemTitle"))
        XCTAssertEqual(loaded.errors.first?.path, "UIApplicationShortcutItems[2]")
    }

    func testMissingTypeIsAnErrorToo() {
        let data = Self.plist(items: Self.item("<key>UIApplicationShortcutItemTitle</key><string>T</string>"))
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data, file: "Assets/Info.plist")
        XCTAssertEqual(loaded.items, [])
        XCTAssertEqual(loaded.errors.map(\.description), [
            "Assets/Info.plist: UIApplicationShortcutItems[0]: missing required key UIApplicationShortcutItemType",
        ])
    }

    func testWrongTypes() {
        let data = Self.plist(items: [
            Self.item("<key>UIApplicationShortcutItemType</key><integer>3</integer>"
                + "<key>UIApplicationShortcutItemTitle</key><string>T</string>"),
            Self.item(Self.typeAndTitle + "<key>UIApplicationShortcutItemSubtitle</key><true/>"),
            "<string>not a dict</string>",
            Self.item(Self.typeAndTitle + "<key>UIApplicationShortcutItemUserInfo</key>"
                + "<dict><key>a</key><string>1</string><key>b</key><real>2.5</real></dict>"),
        ].joined())
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data)
        XCTAssertEqual(loaded.errors.map(\.description), [
            "Info.plist: UIApplicationShortcutItems[0]: UIApplicationShortcutItemType must be a string",
            "Info.plist: UIApplicationShortcutItems[1]: UIApplicationShortcutItemSubtitle must be a string",
            "Info.plist: UIApplicationShortcutItems[2]: must be a dictionary",
            "Info.plist: UIApplicationShortcutItems[3]: UIApplicationShortcutItemUserInfo.b must be a string",
        ])
        XCTAssertEqual(loaded.items, [
            ShortcutItem(type: "t", title: "T"),
            ShortcutItem(type: "t", title: "T", userInfo: ["a": "1"]),
        ], "wrong optional values are dropped, the items kept")
    }

    func testItemsListOfTheWrongType() {
        let data = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><string>oops</string></dict></plist>
        """.utf8)
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data)
        XCTAssertEqual(loaded.errors.map(\.description), ["Info.plist: UIApplicationShortcutItems must be an array"])
    }

    func testEmptyRequiredValue() {
        let data = Self.plist(items: Self.item("<key>UIApplicationShortcutItemType</key><string>t</string>"
            + "<key>UIApplicationShortcutItemTitle</key><string>  </string>"))
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data)
        XCTAssertEqual(loaded.items, [])
        XCTAssertEqual(loaded.errors.first?.problem, .emptyValue(key: "UIApplicationShortcutItemTitle"))
    }

    func testUnknownIconTypeKeepsTheItemWithoutIcon() {
        let data = Self.plist(items: Self.item(Self.typeAndTitle
            + "<key>UIApplicationShortcutItemIconType</key><string>UIApplicationShortcutIconTypeRocket</string>"))
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: data)
        XCTAssertEqual(loaded.items, [ShortcutItem(type: "t", title: "T")])
        XCTAssertEqual(loaded.errors.first?.problem, .unknownIconType("UIApplicationShortcutIconTypeRocket"))
        XCTAssertTrue(loaded.errors.first?.description.contains("UIApplicationShortcutIconTypeRocket") ?? false)
    }

    func testNotAPlist() {
        let loaded = ShortcutCatalog.staticItems(fromInfoPlist: Data("{ this is not a plist".utf8))
        XCTAssertEqual(loaded.items, [])
        XCTAssertEqual(loaded.errors.map(\.problem), [.notAPropertyList])
        XCTAssertTrue(loaded.errors[0].description.hasPrefix("Info.plist: not a property list"))
        let array = ShortcutCatalog.staticItems(fromInfoPlist: Data(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>".utf8))
        XCTAssertEqual(array.errors.map(\.problem), [.wrongType(key: nil, expected: "a dictionary")])
    }

    func testAPlistWithoutShortcutsHasNoItemsAndNoErrors() {
        let data = Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>A</key><string>b</string></dict></plist>".utf8)
        XCTAssertEqual(ShortcutCatalog.staticItems(fromInfoPlist: data), ShortcutCatalog.Loaded())
    }

    func testBinaryPlistIsReadToo() throws {
        let dictionary: [String: Any] = ["UIApplicationShortcutItems": [[
            "UIApplicationShortcutItemType": "b", "UIApplicationShortcutItemTitle": "Binary",
        ]]]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        XCTAssertEqual(ShortcutCatalog.staticItems(fromInfoPlist: data).items, [ShortcutItem(type: "b", title: "Binary")])
    }

    // MARK: Merge and registration

    func item(_ type: String) -> ShortcutItem { ShortcutItem(type: type, title: type.uppercased()) }

    func testStaticFirstThenDynamicMostRecentFirstFourAtMost() {
        var catalog = ShortcutCatalog(staticItems: [item("s1"), item("s2")])
        catalog.register(item("d1"))
        catalog.register(item("d2"))
        catalog.register(item("d3"))
        XCTAssertEqual(catalog.dynamicItems.map(\.type), ["d3", "d2", "d1"])
        XCTAssertEqual(catalog.menuItems.map(\.type), ["s1", "s2", "d3", "d2"])
        XCTAssertEqual(ShortcutCatalog.maximumItems, 4)
    }

    func testFiveStaticItemsShowFour() {
        let catalog = ShortcutCatalog(staticItems: (1...5).map { item("s\($0)") }, dynamicItems: [item("d")])
        XCTAssertEqual(catalog.menuItems.map(\.type), ["s1", "s2", "s3", "s4"])
    }

    func testRegisterReplacesByTypeAndMovesToFront() {
        var catalog = ShortcutCatalog()
        catalog.register(item("a"))
        catalog.register(item("b"))
        catalog.register(ShortcutItem(type: "a", title: "Again", subtitle: "new"))
        XCTAssertEqual(catalog.dynamicItems, [ShortcutItem(type: "a", title: "Again", subtitle: "new"), item("b")])
        XCTAssertTrue(catalog.removeDynamicItem(type: "b"))
        XCTAssertFalse(catalog.removeDynamicItem(type: "b"))
        XCTAssertEqual(catalog.dynamicItems.map(\.type), ["a"])
    }

    func testDynamicListIsCappedOldestDropped() {
        var catalog = ShortcutCatalog()
        for i in 1...6 { catalog.register(item("d\(i)")) }
        XCTAssertEqual(catalog.dynamicItems.map(\.type), ["d6", "d5", "d4", "d3"])
    }

    func testDynamicDuplicateOfAStaticTypeIsLeftOut() {
        var catalog = ShortcutCatalog(staticItems: [item("same")])
        catalog.register(item("same"))
        catalog.register(item("other"))
        XCTAssertEqual(catalog.menuItems.map(\.type), ["same", "other"])
    }

    func testInitKeepsGivenDynamicOrder() {
        let catalog = ShortcutCatalog(dynamicItems: [item("new"), item("old")])
        XCTAssertEqual(catalog.dynamicItems.map(\.type), ["new", "old"])
    }

    // MARK: JSON persistence

    func testDynamicItemsRoundTripThroughJSON() throws {
        var catalog = ShortcutCatalog(staticItems: [item("s")])
        catalog.register(ShortcutItem(type: "com.forcecanvas.open-recent", title: "Sketch 3", subtitle: "yesterday",
                                      iconType: .time, userInfo: ["path": "/tmp/sketch3.fcs"]))
        catalog.register(item("d"))
        let data = try catalog.encodeDynamicItems()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"UIApplicationShortcutIconTypeTime\""), text)
        XCTAssertTrue(text.contains("\"format\" : \"forcecanvas-shortcuts\""), text)
        let loaded = ShortcutCatalog.dynamicItems(fromJSON: data)
        XCTAssertEqual(loaded.errors, [])
        XCTAssertEqual(loaded.items, catalog.dynamicItems)
        var restored = ShortcutCatalog(staticItems: [item("s")])
        XCTAssertEqual(restored.loadDynamicItems(fromJSON: data), [])
        XCTAssertEqual(restored, catalog)
        XCTAssertEqual(try restored.encodeDynamicItems(), data, "same items, same bytes")
    }

    func testOldOrBrokenJSONItemsAreSkippedNotFatal() {
        let json = """
        {"format":"forcecanvas-shortcuts","version":0,"items":[
          {"type":"a","title":"A","iconType":"UIApplicationShortcutIconTypeGone","legacy":true},
          {"type":"b"},
          {"type":"c","title":"C"}
        ]}
        """
        let loaded = ShortcutCatalog.dynamicItems(fromJSON: Data(json.utf8), file: "shortcuts.json")
        XCTAssertEqual(loaded.items, [ShortcutItem(type: "a", title: "A"), ShortcutItem(type: "c", title: "C")])
        XCTAssertEqual(loaded.errors.map(\.path), ["items[1]"])
        XCTAssertTrue(loaded.errors[0].description.hasPrefix("shortcuts.json: items[1]: "))
    }

    func testNotJSON() {
        let garbage = ShortcutCatalog.dynamicItems(fromJSON: Data("nope".utf8))
        XCTAssertEqual(garbage.items, [])
        XCTAssertEqual(garbage.errors.count, 1)
        XCTAssertTrue(garbage.errors[0].description.hasPrefix("shortcuts.json: not a quick-action JSON document"))
        let other = ShortcutCatalog.dynamicItems(fromJSON: Data(#"{"format":"other","version":1,"items":[]}"#.utf8))
        XCTAssertEqual(other.errors.count, 1)
    }
}
