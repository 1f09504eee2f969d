import XCTest
@testable import ForceCore

/// Drives a PreviewInteraction with a scripted force trace, collecting every effect.
private struct PreviewScript {
    var interaction = PreviewInteraction()
    var effects: [PreviewInteraction.Effect] = []
    var t = 0.0
    let at = Point(x: 300, y: 200)

    mutating func press(_ force: Double, allowed: Bool = true) {
        t += 1.0 / 60
        effects += interaction.handle(.press(location: at, force: force, allowed: allowed), at: t)
    }
    mutating func forces(_ values: [Double]) {
        for f in values {
            t += 1.0 / 60
            effects += interaction.handle(.change(location: at, force: f), at: t)
        }
    }
    mutating func lift() {
        t += 1.0 / 60
        effects += interaction.handle(.lift(location: at), at: t)
    }
}

final class PreviewInteractionTests: XCTestCase {
    func testFullPeekAndPopInDelegateOrder() {
        var s = PreviewScript()
        s.press(0)
        s.forces([0.1, 0.2, 0.475, 0.75])
        XCTAssertEqual(s.effects, [
            .shouldBegin(location: s.at, answer: true),
            .previewTransition(progress: 0.5, ended: false),
            .previewTransition(progress: 1, ended: true),
            .commitTransition(progress: ForceThresholds.standard.commitProgress(0.475), ended: false),
            .commitTransition(progress: 1, ended: true),
        ])
        XCTAssertEqual(ForceThresholds.standard.commitProgress(0.475), 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.interaction.state, .committed)
        XCTAssertEqual(s.interaction.stage, 2)
    }

    func testProgressValuesAreForceOverPeekThenCommitFraction() {
        var s = PreviewScript()
        s.press(0.05)
        XCTAssertEqual(s.interaction.previewProgress, 0.25, accuracy: 1e-12)
        XCTAssertEqual(s.interaction.commitProgress, 0)
        s.forces([0.15])
        XCTAssertEqual(s.interaction.previewProgress, 0.75, accuracy: 1e-12)
        s.forces([0.30])
        XCTAssertEqual(s.interaction.state, .committing)
        XCTAssertEqual(s.interaction.previewProgress, 1)
        XCTAssertEqual(s.interaction.commitProgress, 0.1 / 0.55, accuracy: 1e-12)
        XCTAssertEqual(s.interaction.pressLocation, s.at)
        XCTAssertEqual(s.interaction.location, s.at)
    }

    func testOneJumpFromRestToPopGivesBothEndsInOrder() {
        var s = PreviewScript()
        s.press(0)
        s.forces([1.0])
        XCTAssertEqual(s.effects.dropFirst(), [
            .previewTransition(progress: 1, ended: true),
            .commitTransition(progress: 1, ended: true),
        ])
    }

    func testOnlyChangedProgressIsReported() {
        var s = PreviewScript()
        s.press(0.1)
        s.forces([0.1, 0.1, 0.1])
        XCTAssertEqual(s.effects, [
            .shouldBegin(location: s.at, answer: true),
            .previewTransition(progress: 0.5, ended: false),
        ])
    }

    func testLiftDuringPreviewCancels() {
        var s = PreviewScript()
        s.press(0.1)
        s.lift()
        XCTAssertEqual(s.effects.last, .cancel)
        XCTAssertEqual(s.interaction.state, .idle)
        XCTAssertNil(s.interaction.pressLocation)
        XCTAssertEqual(s.interaction.previewProgress, 0)
    }

    func testLiftDuringCommitCancels() {
        var s = PreviewScript()
        s.press(0.1)
        s.forces([0.5])
        XCTAssertEqual(s.interaction.state, .committing)
        s.lift()
        XCTAssertEqual(s.effects.last, .cancel)
        XCTAssertEqual(s.effects.filter { $0 == .cancel }.count, 1)
        XCTAssertEqual(s.interaction.state, .idle)
        XCTAssertEqual(s.interaction.commitProgress, 0)
    }

    func testSystemCancelCancels() {
        var s = PreviewScript()
        s.press(0.3)
        s.effects += s.interaction.handle(.cancel, at: 1)
        XCTAssertEqual(s.effects.last, .cancel)
        XCTAssertEqual(s.interaction.state, .idle)
    }

    func testNoCancelAfterCommit() {
        var s = PreviewScript()
        s.press(0.1)
        s.forces([0.9, 0.4, 0.1])
        s.lift()
        XCTAssertFalse(s.effects.contains(.cancel))
        XCTAssertEqual(s.interaction.state, .idle)
    }

    func testCommittedIgnoresFurtherForce() {
        var s = PreviewScript()
        s.press(0.9)
        let count = s.effects.count
        s.forces([0.1, 0.9, 0.5])
        XCTAssertEqual(s.effects.count, count)
        XCTAssertEqual(s.interaction.commitProgress, 1)
    }

    func testPeekStaysLatchedWhenForceFallsBackBelowIt() {
        var s = PreviewScript()
        s.press(0.3)
        s.forces([0.05])
        XCTAssertEqual(s.interaction.state, .committing, "the peek is shown until lift, as in UIKit")
        XCTAssertEqual(s.interaction.previewProgress, 1)
        XCTAssertEqual(s.effects.last, .commitTransition(progress: 0, ended: false))
    }

    func testNoiseAroundPeekGivesOneEndedAndNoFlicker() {
        var s = PreviewScript()
        s.press(0.19)
        s.forces([0.21, 0.19, 0.21, 0.19, 0.205, 0.19, 0.21])
        let previewEnds = s.effects.filter { $0 == .previewTransition(progress: 1, ended: true) }
        XCTAssertEqual(previewEnds.count, 1)
        XCTAssertEqual(s.effects, [
            .shouldBegin(location: s.at, answer: true),
            .previewTransition(progress: 0.95, ended: false),
            .previewTransition(progress: 1, ended: true),
            .commitTransition(progress: (0.21 - 0.2) / (0.75 - 0.2), ended: false),
        ], "after the latch, dips inside the band change nothing")
        XCTAssertEqual(s.interaction.state, .committing)
    }

    func testNoiseBelowPeekDoesNotFlickerTheRing() {
        var s = PreviewScript()
        s.press(0.17)
        s.forces([0.19, 0.17, 0.19, 0.17, 0.19])
        XCTAssertEqual(s.effects.count, 3, "0.17 → 0.19 reported once; the dips are noise")
        XCTAssertEqual(s.interaction.previewProgress, 0.95, accuracy: 1e-12)
    }

    func testNoiseAroundPopGivesOneCommit() {
        var s = PreviewScript()
        s.press(0.5)
        s.forces([0.74, 0.76, 0.74, 0.76])
        XCTAssertEqual(s.effects.filter { $0 == .commitTransition(progress: 1, ended: true) }.count, 1)
        XCTAssertEqual(s.interaction.state, .committed)
    }

    func testARealFallBeyondTheBandIsFollowed() {
        var s = PreviewScript()
        s.press(0.15)
        s.forces([0.05])
        XCTAssertEqual(s.effects.last, .previewTransition(progress: 0.25, ended: false))
    }

    func testShouldBeginRefusalStartsNothing() {
        var s = PreviewScript()
        s.press(0.5, allowed: false)
        s.forces([0.9])
        s.lift()
        XCTAssertEqual(s.effects, [.shouldBegin(location: s.at, answer: false)])
        XCTAssertEqual(s.interaction.state, .idle)
        XCTAssertNil(s.interaction.pressLocation)
    }

    func testAPressDuringAPressCancelsTheOldOneFirst() {
        var s = PreviewScript()
        s.press(0.1)
        s.effects = []
        s.press(0.1)
        XCTAssertEqual(s.effects, [
            .cancel, .shouldBegin(location: s.at, answer: true), .previewTransition(progress: 0.5, ended: false),
        ])
    }

    func testTimedFallbackIntentionDrivesTheSameInput() {
        var fallback = TimedFallback()
        var interaction = PreviewInteraction()
        let at = Point(x: 10, y: 10)
        var effects = interaction.handle(.press(location: at, force: fallback.intention, allowed: true), at: 0)
        _ = fallback.handle(.press, at: 0)
        var t = 0.0
        while t < 1.0 {
            t += 1.0 / 60
            _ = fallback.advance(to: t)
            effects += interaction.handle(.change(location: at, force: fallback.intention), at: t)
        }
        XCTAssertEqual(interaction.state, .committed, "intention reaches pop 0.75 within 1 s")
        XCTAssertTrue(effects.contains(.previewTransition(progress: 1, ended: true)))
        XCTAssertTrue(effects.contains(.commitTransition(progress: 1, ended: true)))
        XCTAssertTrue(effects.contains(.previewTransition(progress: 0.5, ended: false)), "0.1 of 0.2 after one tick")
    }

    func testCustomThresholds() throws {
        var p = PreviewInteraction(thresholds: try ForceThresholds(peek: 0.4, pop: 0.8, hysteresis: 0))
        _ = p.handle(.press(location: .zero, force: 0.2, allowed: true), at: 0)
        XCTAssertEqual(p.previewProgress, 0.5, accuracy: 1e-12)
        _ = p.handle(.change(location: .zero, force: 0.6), at: 0.1)
        XCTAssertEqual(p.commitProgress, 0.5, accuracy: 1e-12)
    }
}
