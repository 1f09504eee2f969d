import TestSupport
import XCTest
@testable import ForceCore

/// At 640×480 the peek's panel and its revealed actions stay on screen and out of the home
/// indicator's zone (UIKit's 34 pt bottom safe area), at every reveal; 1280×800 keeps its layout.
final class PeekSmallWindowTests: XCTestCase {
    func testThePanelAndItsActionsStayAboveTheHomeIndicator() {
        for (w, h) in [(640, 480), (800, 600), (1280, 800)] {
            var d = Driver(width: w, height: h)
            d.command(.sceneMessages)
            let l = d.state.messagesLayout
            let indicator = d.state.display.chrome.indicatorRect
            for reveal in stride(from: 0.0, through: 1.0, by: 0.125) {
                let panel = l.peekPanel(reveal: reveal)
                XCTAssertGreaterThanOrEqual(panel.y, l.area.y, "\(w)×\(h) reveal \(reveal)")
                XCTAssertLessThanOrEqual(panel.maxY, indicator.y, "\(w)×\(h) reveal \(reveal)")
            }
            let sheet = l.actionsSheet(reveal: 1)
            XCTAssertLessThanOrEqual(sheet.maxY, l.area.maxY - MessagesLayout.bottomSafeInset, "\(w)×\(h): the actions")
            XCTAssertGreaterThan(sheet.y, l.peekPanel(reveal: 1).maxY, "\(w)×\(h): the actions under the panel")
        }
    }
}
