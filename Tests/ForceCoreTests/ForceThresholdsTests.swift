import XCTest
@testable import ForceCore

final class ForceThresholdsTests: XCTestCase {
    func testStandardValuesComeFromTheSpec() {
        let t = ForceThresholds.standard
        XCTAssertEqual(t.peek, 0.20)
        XCTAssertEqual(t.pop, 0.75)
        XCTAssertEqual(t.hysteresis, 0.03)
        // SPEC 1: iOS force 1.33 and 5.0 of maximumPossibleForce 6.67.
        XCTAssertEqual(1.33 / 6.67, t.peek, accuracy: 0.005)
        XCTAssertEqual(5.0 / 6.67, t.pop, accuracy: 0.005)
    }

    func testValidationRefusesBadValuesWithAMessage() {
        XCTAssertThrowsError(try ForceThresholds(peek: 0.8, pop: 0.75)) { error in
            XCTAssertTrue("\(error)".contains("pop must be above peek"), "\(error)")
        }
        XCTAssertThrowsError(try ForceThresholds(peek: .nan))
        XCTAssertThrowsError(try ForceThresholds(peek: 0))
        XCTAssertThrowsError(try ForceThresholds(pop: 1.5))
        XCTAssertThrowsError(try ForceThresholds(hysteresis: -0.01))
        XCTAssertThrowsError(try ForceThresholds(peek: 0.2, pop: 0.75, hysteresis: 0.2), "band as wide as peek")
        XCTAssertThrowsError(try ForceThresholds(peek: 0.5, pop: 0.55, hysteresis: 0.1), "band wider than the gap")
        XCTAssertNoThrow(try ForceThresholds(peek: 0.3, pop: 0.9, hysteresis: 0))
        XCTAssertEqual(try ForceThresholds(), .standard)
    }

    func testFilterFollowsRisesAtOnceAndFallsOnlyBeyondTheBand() {
        let t = ForceThresholds.standard
        XCTAssertEqual(t.filtered(0.21, previous: 0.19), 0.21)
        XCTAssertEqual(t.filtered(0.19, previous: 0.21), 0.21, "a 0.02 dip is noise")
        XCTAssertEqual(t.filtered(0.10, previous: 0.21), 0.10, "a 0.11 drop is real")
        XCTAssertEqual(t.filtered(0.18, previous: 0.21), 0.21, "0.03 is still inside the band")
    }

    func testFilterClampsGarbage() {
        let t = ForceThresholds.standard
        XCTAssertEqual(t.filtered(.infinity, previous: 0), 1)
        XCTAssertEqual(t.filtered(-.infinity, previous: 0.5), 0)
        XCTAssertEqual(t.filtered(.nan, previous: 0.5), 0)
        XCTAssertEqual(t.filtered(0.4, previous: .nan), 0.4)
        XCTAssertEqual(t.filtered(7, previous: 0.2), 1)
    }

    func testProgressFormulas() {
        let t = ForceThresholds.standard
        XCTAssertEqual(t.previewProgress(0.1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(t.previewProgress(0.5), 1)
        XCTAssertEqual(t.commitProgress(0.1), 0)
        XCTAssertEqual(t.commitProgress(0.475), 0.5, accuracy: 1e-12)
        XCTAssertEqual(t.commitProgress(0.9), 1)
    }
}
