/// A deterministic pen document shared by the bench and the tests: `strokes` signature-like
/// strokes (`StrokeFixtures.signature`) of `pointsPerStroke` samples each, drawn with a pressure
/// pen (a Wacom's raw range, 240 samples a second) and scattered over the viewport. It gives the
/// session header, the events one at a time, and the JSONL text one line at a time, so a
/// document of any size is generated without holding it.
public struct DocumentGenerator: Sendable {
    /// 65535: a Wacom pen's raw pressure range (0…65535), recorded as the device sends it.
    public static let penMaximumForce = 65535.0
    /// 1/240 s between samples, a pen's rate (as `StrokeFixtures.signature`).
    public static let sampleInterval = 1.0 / 240
    /// 0.1 s of pen-up between two strokes.
    public static let strokeGap = 0.1
    /// The pen the document is drawn with (its first event).
    public static let pen = InputDevice(name: "Generated pressure pen", kind: .pen, hasForce: true)

    /// How many strokes.
    public var strokes: Int
    /// Samples per stroke (down, moves, up).
    public var pointsPerStroke: Int
    /// The canvas the document is drawn on.
    public var viewport: Viewport

    /// A document of `strokes` × `pointsPerStroke` samples on `viewport` (1920x1080 by default).
    public init(strokes: Int, pointsPerStroke: Int, viewport: Viewport = Viewport(width: 1920, height: 1080)) {
        self.strokes = max(0, strokes)
        self.pointsPerStroke = max(1, pointsPerStroke)
        self.viewport = viewport
    }

    /// The session header (no events): the viewport and the default options and curve.
    public var header: Session { Session(viewport: viewport) }

    /// The device line, then every sample.
    public var eventCount: Int { 1 + strokes * pointsPerStroke }

    /// The time of the last event in seconds.
    public var duration: Double {
        guard strokes > 0 else { return 0 }
        return startTime(ofStroke: strokes - 1) + Double(pointsPerStroke - 1) * Self.sampleInterval
    }

    /// When stroke `index` starts, in seconds.
    public func startTime(ofStroke index: Int) -> Double {
        Double(index) * (Double(pointsPerStroke) * Self.sampleInterval + Self.strokeGap)
    }

    /// Where the strokes lie: below the scene tabs (a press there switches scenes) and clear of
    /// the edges by twice the edge-gesture margin (a press there is a system swipe).
    public var inkArea: Rect {
        let inset = 2 * EdgeGesture.edgeMargin
        let top = SceneTabs.reservedHeight + inset
        return Rect(x: inset, y: top, width: max(0, Double(viewport.width) - 2 * inset),
                    height: max(0, Double(viewport.height) - top - inset))
    }

    /// The samples of stroke `index` (location, force 0…1, time), somewhere in `inkArea`.
    public func points(ofStroke index: Int) -> [InkPoint] {
        var g = StrokeFixtures.Generator(seed: UInt64(index + 1))
        let area = inkArea
        // A signature swings 3 % of its width past each side of its bounds.
        let width = min(100 + g.next() * 120, area.width / 1.06), height = min(40 + g.next() * 60, area.height)
        let bounds = Rect(x: area.x + 0.03 * width + g.next() * max(0, area.width - 1.06 * width),
                          y: area.y + g.next() * max(0, area.height - height), width: width, height: height)
        return StrokeFixtures.signature(count: pointsPerStroke, in: bounds, seed: UInt64(index + 1),
                                        startTime: startTime(ofStroke: index))
    }

    /// The events, generated one stroke at a time.
    public func makeEvents() -> Events { Events(document: self) }

    /// The whole session in memory (small documents: tests).
    public var session: Session {
        var s = header
        s.events = Array(makeEvents())
        return s
    }

    /// Hands the JSONL text to `body` line by line (header first, no line breaks), never as one string.
    public func forEachLine<E: Error>(_ body: (String) throws(E) -> Void) throws(E) {
        try body(SessionCoding.headerLine(header))
        var events = makeEvents()
        while let e = events.next() { try body(SessionCoding.line(e)) }
    }

    /// The document's events in order: the pen coming into proximity, then down, moves, up.
    public struct Events: TimedEventSource, IteratorProtocol, Sequence, Sendable {
        private let document: DocumentGenerator
        private var stroke = -1
        private var points: [InkPoint] = []
        private var index = 0

        init(document: DocumentGenerator) { self.document = document }

        /// The next event; nil after the last stroke's lift.
        public mutating func next() -> TimedEvent? {
            if stroke < 0 {
                stroke = 0
                return TimedEvent(time: 0, event: .device(DocumentGenerator.pen))
            }
            if index == points.count {
                guard stroke < document.strokes else { return nil }
                points = document.points(ofStroke: stroke)
                stroke += 1
                index = 0
            }
            let p = points[index]
            let phase: PointerPhase = index == 0 ? .down : (index == points.count - 1 ? .up : .move)
            index += 1
            return TimedEvent(time: p.time, event: .pointer(PointerInput(
                phase: phase, location: p.preciseLocation, source: .pen,
                rawForce: (p.force * DocumentGenerator.penMaximumForce).rounded(),
                maximumForce: DocumentGenerator.penMaximumForce)))
        }
    }
}
