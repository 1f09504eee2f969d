import XCTest
@testable import ForceCore

final class SystemGesturePolicyTests: XCTestCase {
    func testAutoHideBeatsDeferral() {
        let p = SystemGesturePolicy(requestedDeferral: .all, homeIndicatorAutoHidden: true)
        XCTAssertEqual(p.effectiveDeferral, [])
        XCTAssertEqual(p.reason, "edge deferral ignored: home indicator auto-hide is on")
        var g = EdgeGesture(viewport: Viewport(width: 800, height: 600), deferredEdges: p.effectiveDeferral)
        _ = g.handle(.press(at: Point(x: 400, y: 595)), at: 0)
        XCTAssertEqual(g.handle(.move(to: Point(x: 400, y: 500)), at: 0.1), [.systemGesture(.bottom)])
    }

    func testDeferralWithoutAutoHide() {
        let p = SystemGesturePolicy(requestedDeferral: [.top, .bottom], homeIndicatorAutoHidden: false)
        XCTAssertEqual(p.effectiveDeferral, [.top, .bottom])
        XCTAssertNil(p.reason)
    }

    func testLeftIsNeverDeferred() {
        let p = SystemGesturePolicy(requestedDeferral: .all, homeIndicatorAutoHidden: false)
        XCTAssertEqual(p.effectiveDeferral, [.top, .bottom, .right])
        XCTAssertEqual(p.reasons, [SystemGesturePolicy.leftEdgeReason])
    }

    func testAutoHideAloneNeedsNoExplanation() {
        let p = SystemGesturePolicy(requestedDeferral: [], homeIndicatorAutoHidden: true)
        XCTAssertEqual(p.effectiveDeferral, [])
        XCTAssertNil(p.reason)
    }

    func testScreenEdgesMatchUIRectEdge() {
        XCTAssertEqual(ScreenEdges.top.rawValue, 1)
        XCTAssertEqual(ScreenEdges.left.rawValue, 2)
        XCTAssertEqual(ScreenEdges.bottom.rawValue, 4)
        XCTAssertEqual(ScreenEdges.right.rawValue, 8)
        XCTAssertEqual(ScreenEdges.all.rawValue, 15)
        XCTAssertEqual(ScreenEdges.all.description, "all")
        XCTAssertEqual(ScreenEdges([.top, .bottom]).description, "top, bottom")
        XCTAssertEqual(ScreenEdges().description, "none")
        XCTAssertEqual(ScreenEdge.top.systemGestureName, "notification shade")
        XCTAssertEqual(ScreenEdge.bottom.systemGestureName, "home")
    }

    // MARK: Owner chain and the explicit update

    func testChangesTakeEffectOnlyOnUpdate() {
        var prefs = EdgeDeferralPreferences(root: "app")
        XCTAssertEqual(prefs.appliedEdges, [])
        prefs.setPreferredEdges(.all, for: "app")
        XCTAssertEqual(prefs.appliedEdges, [], "declared, not yet read by the system")
        XCTAssertTrue(prefs.needsUpdate)
        XCTAssertTrue(prefs.update())
        XCTAssertEqual(prefs.appliedEdges, .all)
        XCTAssertFalse(prefs.needsUpdate)
        XCTAssertFalse(prefs.update(), "nothing changed")
    }

    func testAChildCanOwnTheChoice() {
        var prefs = EdgeDeferralPreferences(root: "app", preferredEdges: [.top])
        prefs.setPreferredEdges([.bottom], for: "game")
        prefs.setChildForDeferral("game", of: "app")
        XCTAssertEqual(prefs.declaredOwner, "game")
        XCTAssertEqual(prefs.appliedEdges, [.top])
        prefs.update()
        XCTAssertEqual(prefs.appliedOwner, "game")
        XCTAssertEqual(prefs.appliedEdges, [.bottom])
        prefs.setPreferredEdges(.all, for: "app")
        prefs.update()
        XCTAssertEqual(prefs.appliedEdges, [.bottom], "the root's own preference no longer counts")
        prefs.setChildForDeferral(nil, of: "app")
        XCTAssertEqual(prefs.appliedEdges, [.bottom])
        prefs.update()
        XCTAssertEqual(prefs.appliedEdges, .all)
    }

    func testChainsUnknownChildrenAndCycles() {
        var prefs = EdgeDeferralPreferences(root: "a", preferredEdges: [.top])
        prefs.setChildForDeferral("b", of: "a")
        prefs.setChildForDeferral("c", of: "b")
        prefs.setPreferredEdges([.right], for: "c")
        XCTAssertEqual(prefs.declaredOwner, "c")
        prefs.setChildForDeferral("a", of: "c")
        XCTAssertEqual(prefs.declaredOwner, "c", "a cycle stops at the last new scene")
        prefs.setChildForDeferral("nobody", of: "a")
        XCTAssertEqual(prefs.declaredOwner, "a", "an unknown child means the scene decides itself")
        prefs.update()
        XCTAssertEqual(prefs.appliedEdges, [.top])
    }

    func testPreferencesFeedThePolicyAndTheGesture() {
        var prefs = EdgeDeferralPreferences(root: "app")
        prefs.setPreferredEdges([.bottom], for: "app")
        var policy = SystemGesturePolicy(requestedDeferral: prefs.appliedEdges, homeIndicatorAutoHidden: false)
        XCTAssertEqual(policy.effectiveDeferral, [], "not updated yet")
        prefs.update()
        policy.requestedDeferral = prefs.appliedEdges
        XCTAssertEqual(policy.effectiveDeferral, [.bottom])
    }
}
