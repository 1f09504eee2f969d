import XCTest
@testable import ForceCore

/// Lesson videos keep their captions on screen long enough to read.
final class VideoTimelineTests: XCTestCase {
    func at(_ t: Double, _ text: String, pause: Bool = false, speed: Double? = nil, duration: Double? = nil) -> Player.TimedCaption {
        Player.TimedCaption(time: t, caption: Caption(text: text, duration: duration, pause: pause, speed: speed))
    }

    func testReadingTime() {
        XCTAssertEqual(VideoTimeline.readingTime("short"), 1.5)
        XCTAssertEqual(VideoTimeline.readingTime(String(repeating: "x", count: 127)), 127.0 / 17, accuracy: 1e-12)
        XCTAssertEqual(VideoTimeline.readingTime(String(repeating: "x", count: 40), rate: 10), 4)
    }

    /// Chinese is read at 9 characters a second (full-width punctuation counted as a character),
    /// so a caption's Chinese cue stays longer than its English one of as many characters;
    /// `--reading-rate` scales both.
    func testChineseIsReadAtNineCharactersASecond() {
        let chinese = "意图 > 0.97 且在圆环外：selected（红色，“确认”）。"
        let wide = chinese.unicodeScalars.filter(VideoTimeline.isWide).count
        XCTAssertEqual(wide, 16, "意图 且在圆环外 ：（ 红色 ，确认 ）。: 11 ideographs, 5 full-width marks; the curly quotes are not full-width")
        let narrow = chinese.count - wide
        XCTAssertEqual(VideoTimeline.readingTime(chinese), (Double(narrow) + Double(wide) * 17 / 9) / 17, accuracy: 1e-12)
        XCTAssertEqual(VideoTimeline.readingTime(String(repeating: "压", count: 90)), 10, accuracy: 1e-12)
        XCTAssertEqual(VideoTimeline.readingTime(String(repeating: "压", count: 90), rate: 34), 5, accuracy: 1e-12)
        XCTAssertEqual(VideoTimeline.readingTime("压力"), 1.5, "at least 1.5 s")
        // A caption in both languages: the Chinese video holds it longer.
        var c = Caption(text: String(repeating: "x", count: 90))
        c.translations["zh-Hans"] = String(repeating: "压", count: 90)
        let english = VideoTimeline(duration: 1, captions: [Player.TimedCaption(time: 0, caption: c)])
        let zh = VideoTimeline(duration: 1, captions: [Player.TimedCaption(time: 0, caption: c)], language: "zh-Hans")
        XCTAssertEqual(english.cues[0].end - english.cues[0].start, 90.0 / 17, accuracy: 1e-9)
        XCTAssertEqual(zh.cues[0].end - zh.cues[0].start, 10, accuracy: 1e-9)
    }

    /// Lesson 5's case: a 127-character first caption shown for 0.32 s of session at 1×.
    func testACaptionWithoutAPauseSlowsTheVideoAroundIt() {
        let long = String(repeating: "x", count: 127)
        let timeline = VideoTimeline(duration: 4, captions: [at(0, long), at(0.32, "next")])
        XCTAssertEqual(timeline.cues.count, 2)
        XCTAssertEqual(timeline.cues[0].start, 0)
        XCTAssertEqual(timeline.cues[0].end, 127.0 / 17, accuracy: 1e-9, "on screen its reading time")
        XCTAssertEqual(timeline.segments.first, .play(from: 0, to: 0.32, speed: 0.32 / (127.0 / 17)))
        // The last caption shows 3.68 s of session at 1×: longer than it needs, so 1×.
        XCTAssertEqual(timeline.segments.last, .play(from: 0.32, to: 4, speed: 1))
        XCTAssertEqual(timeline.videoSeconds, 127.0 / 17 + 3.68, accuracy: 1e-9)
        // Video time maps onto session time through the slow stretch.
        XCTAssertEqual(timeline.sessionTime(atVideoTime: 127.0 / 34).time, 0.16, accuracy: 1e-9)
        XCTAssertEqual(timeline.sessionTime(atVideoTime: 1000).time, 4)
    }

    func testAPauseHoldsTheFrameForTheReadingTimeAndSpeedsAreKept() {
        let timeline = VideoTimeline(duration: 3, captions: [at(0, "slow down", speed: 0.5), at(1, String(repeating: "y", count: 51), pause: true),
                                                             at(2, "fast again", speed: 2)])
        XCTAssertEqual(timeline.segments, [
            .play(from: 0, to: 1, speed: 0.5),           // "slow down": 2 s of video ≥ 1.5 s
            .hold(at: 1, seconds: 3),                    // 51 characters: 3 s held
            .play(from: 1, to: 2, speed: 0.5),
            .play(from: 2, to: 3, speed: 1.0 / 1.5),     // 2× asked, but "fast again" needs 1.5 s of its 1 s stretch
        ])
        XCTAssertEqual(timeline.cues.map(\.start), [0, 2, 7])
        XCTAssertEqual(timeline.cues[1].end, 7, "the pause and the stretch after it")
        let held = timeline.sessionTime(atVideoTime: 3.5)
        XCTAssertEqual(held.time, 1)
        XCTAssertTrue(held.held)
        // A chosen speed wins over the captions' (reading still slows it).
        let chosen = VideoTimeline(duration: 3, captions: [at(0, "slow down", speed: 0.5)], speed: 2, chosen: true)
        XCTAssertEqual(chosen.segments, [.play(from: 0, to: 3, speed: 2)], "3 s at 2× is 1.5 s: just readable")
    }

    func testCaptionsAtTheEndOrOnTopOfEachOtherAreHeld() {
        let timeline = VideoTimeline(duration: 2, captions: [at(1, "a"), at(1, "b"), at(2, "the end")])
        XCTAssertEqual(timeline.segments, [.play(from: 0, to: 1, speed: 1), .hold(at: 1, seconds: 1.5), .play(from: 1, to: 2, speed: 1.0 / 1.5),
                                           .hold(at: 2, seconds: 1.5)])
        XCTAssertEqual(timeline.cues.map(\.text), ["a", "b", "the end"])
        XCTAssertEqual(timeline.videoSeconds, 1 + 1.5 + 1.5 + 1.5, accuracy: 1e-12)
        // No captions: the session at its speed.
        XCTAssertEqual(VideoTimeline(duration: 2, captions: [], speed: 0.5).segments, [.play(from: 0, to: 2, speed: 0.5)])
        XCTAssertEqual(VideoTimeline(duration: 0, captions: []).videoSeconds, 0)
    }
}
