import Foundation

/// One resampled, streamlined sample of a stroke, ready for outlining.
public struct OutlineSample: Equatable, Sendable {
    // Stored as three pairs, each written and read as one 16-byte value: the builder's copies
    // of a sample (into its array) then read back exactly the stores that made it. (A copy
    // that straddles two separate stores waits until they retire, and that wait, a sample
    // after a sample, was the builder's largest stall.)
    private var location: SIMD2<Double>
    private var heading: SIMD2<Double>
    private var pressureAndLength: SIMD2<Double>
    /// A piece of the outline ends here and the next one starts here (a sharp corner, a
    /// reversal, a piece grown long enough, or a change of opacity).
    public var isBoundary = false

    public init(point: Point, pressure: Double, direction: Point, runningLength: Double, isBoundary: Bool = false) {
        location = SIMD2(point.x, point.y)
        heading = SIMD2(direction.x, direction.y)
        pressureAndLength = SIMD2(pressure, runningLength)
        self.isBoundary = isBoundary
    }

    public var point: Point {
        get { Point(x: location.x, y: location.y) }
        set { location = SIMD2(newValue.x, newValue.y) }
    }
    /// Unit direction of travel into this sample (zero for the first).
    public var direction: Point {
        get { Point(x: heading.x, y: heading.y) }
        set { heading = SIMD2(newValue.x, newValue.y) }
    }
    /// Normalised pressure (real, or simulated from speed).
    public var pressure: Double {
        get { pressureAndLength.x }
        set { pressureAndLength.x = newValue }
    }
    /// Length of the stroke up to here.
    public var runningLength: Double {
        get { pressureAndLength.y }
        set { pressureAndLength.y = newValue }
    }

    /// A sample not yet settled: its step from the sample before it where its direction goes,
    /// and the step's squared length where its running length goes (`settle(after:)` turns
    /// them into those). The builder settles samples in runs, where one sample's square root
    /// and division need not wait for the next sample's streamlining, nor it for them.
    init(point: Point, pressure: Double, step: Point, distanceSquared: Double, isBoundary: Bool) {
        self.init(point: point, pressure: pressure, direction: step, runningLength: distanceSquared,
                  isBoundary: isBoundary)
    }

    /// Settles a sample made by `init(point:pressure:step:distanceSquared:isBoundary:)`: its
    /// direction becomes the unit step, and its running length `length` plus the step's length
    /// (`length` then holds that).
    @inline(__always)
    mutating func settle(after length: inout Double) {
        let distance = pressureAndLength.y.squareRoot()
        heading *= 1 / distance
        length += distance
        pressureAndLength.y = length
    }
}

/// A chunk's samples, indexed from 0: a view into the builder's own storage (no copy is made
/// for a chunk; one kept past the builder's next change keeps its own, as the builder copies
/// a store it does not hold alone before changing it).
public struct OutlineSamples: RandomAccessCollection, Equatable, Sendable {
    private let store: OutlineSampleStore
    private let start: Int
    public let count: Int

    init(store: OutlineSampleStore, start: Int, count: Int) {
        self.store = store
        self.start = start
        self.count = count
    }

    /// Samples of their own (a chunk made by hand, as tests make them).
    init(_ samples: [OutlineSample]) {
        let store = OutlineSampleStore(capacity: samples.count)
        for s in samples { store.append(s) }
        self.init(store: store, start: 0, count: samples.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(i: Int) -> OutlineSample {
        precondition(i >= 0 && i < count, "sample \(i) of a chunk of \(count)")
        return store.base[start + i]
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<OutlineSample>) throws -> R) rethrows -> R {
        try withExtendedLifetime(store) { try body(UnsafeBufferPointer(start: store.base + start, count: count)) }
    }

    public static func == (a: OutlineSamples, b: OutlineSamples) -> Bool { a.elementsEqual(b) }
}

/// A run of samples outlined as one closed polygon: a piece of a stroke's ink.
public struct OutlineChunk: Equatable, Sendable {
    public var samples: OutlineSamples
    /// The stroke starts here (its start cap and start taper apply).
    public var isStrokeStart: Bool
    /// The stroke ends here (its end cap applies).
    public var isStrokeEnd: Bool
    /// The opacity of this piece (1 unless pressure → opacity is on).
    public var alpha: Double
}

/// perfect-freehand's pipeline, built incrementally and made independent of the sample rate.
///
/// Stages, each applied once per input point:
/// 1. **Resample** the input polyline at a fixed spacing (`size / 4`), so smoothing depends on
///    distance, not on how many samples the device sent: a zigzag drawn with one mouse sample
///    per leg keeps its height. A corner of sparse input (turning more than 30°) gets a sample
///    exactly on it; one turning more than 90° also gets a piece boundary there.
/// 2. **Streamline**: each sample moves toward its resampled position by
///    `t = 0.15 + (1 − streamline)·0.85`.
/// 3. **Pressure**: interpolated along the input, or simulated from speed (perfect-freehand's
///    rule, with speed measured in points per second, so a 1 kHz pen and a 60 Hz mouse agree).
///    Over the first `size` points and `startDuration` seconds (at most 3 × `size` points) the
///    pressure is blended with its average, so a first hard (or zero) sample, or a force
///    turned down at once, gives no fat (or thin) start.
/// 4. **Pieces**: samples are cut into chunks at corners, reversals, every `chunkSamples`
///    samples and (opacity mode) where the opacity changes. Each chunk is a closed outline with
///    round ends, so the union of the chunks is the stroke: round joins at corners, no hairs,
///    no elbows. A chunk whose samples can no longer change is *final* and handed out once
///    (`takeFinal`); the rest is recomputed each frame from a copy (`finishing`).
///
/// Inputs at the same place as the previous one merge into it, keeping the larger force, so a
/// stationary press that grows in force grows its blob.
///
/// Storage: every sample not yet handed out lives in one store (`OutlineSampleStore`), and a
/// chunk is a span of it, so a builder reused through `restart` allocates nothing once its
/// storage has grown. A sample is stored with its step; its direction and running length (a
/// square root and a division) are settled later in a run of samples (`settle()`), where they
/// wait for nothing but the sample's own step and the next sample's streamlining does not
/// wait for them.
public struct OutlineBuilder: Sendable {
    public let options: OutlineOptions
    /// Pressure comes from speed, not from the samples.
    public let simulatesPressure: Bool
    /// Opacity mode: the number of opacity levels a piece is quantised to (nil: opaque ink).
    public let opacityLevels: Double?
    /// The spacing of resampled points, in points.
    public let spacing: Double
    /// How far a sample moves toward its resampled position: `0.15 + (1 − streamline)·0.85`.
    let streamlineStep: Double

    /// 1/4 of the ink's size (4 pt at size 16): streamlining then lags about 3 pt behind the
    /// pointer whatever the sample rate, a 1 kHz pen is thinned out, and corners keep their
    /// own samples.
    public static let spacingFraction = 1.0 / 4
    /// 128 samples (256 pt at size 16) make a piece: the live tail never recomputes more.
    public static let chunkSamples = 128
    /// 1/60 s: perfect-freehand's simulated pressure is tuned for one pointer event a frame;
    /// speeds are converted to "distance per such event".
    public static let referenceInterval = 1.0 / 60
    /// 0.275, perfect-freehand's rate for simulated pressure.
    static let simulatedPressureRate = 0.275
    /// 0.5, the simulated pressure of a stroke's first sample.
    static let simulatedStart = 0.5
    /// Distances below this are the same place.
    static let samePlace = 1e-9

    /// An input point as the builder keeps it.
    struct Input: Sendable {
        /// Stored as a pair, as `OutlineSample`'s fields are: written and read whole.
        private var xy: SIMD2<Double>
        var force: Double
        /// When the pointer arrived here, and when it was last seen here (same-place inputs merge).
        var arrive: Double
        var depart: Double

        init(xy: SIMD2<Double>, force: Double, arrive: Double, depart: Double) {
            self.xy = xy
            self.force = force
            self.arrive = arrive
            self.depart = depart
        }

        var location: Point { Point(x: xy.x, y: xy.y) }
    }

    /// The input whose outgoing segment is resampled next.
    private var anchor: Input?
    /// The newest input: its incoming segment waits for the next input (which says whether it is
    /// a corner) or for the end.
    private var pending: Input?
    /// The length of the segment from `anchor` to `pending`, once measured (the corner test
    /// measures it as the outgoing segment; the next input's resampling and corner test reuse it).
    private var pendingSegmentLength: Double?
    /// Path length since the last resampled point.
    private var carry = 0.0
    private var simulated = OutlineBuilder.simulatedStart
    /// Whether the start window is still open: the stroke is not yet `size` long, and its
    /// samples, all of `samples` so far, wait for their pressure to be blended with the average.
    private var holding = true
    /// Room to pass the start window's samples to the pieces one by one in opacity mode (where
    /// their blended pressure decides where pieces end).
    private var held: [OutlineSample] = []
    /// The first input's time, and the newest input's (the start window lasts in time too):
    /// read only while the window is open.
    private var firstTime: Double?
    private var latestTime = 0.0
    /// The samples of every chunk not yet handed out, in order, then the open chunk's. A chunk
    /// that ends where the next starts leaves that sample twice: once as its end, once as the
    /// next one's start (a later merge into the newest sample changes only the open chunk's).
    private var samples: OutlineSampleStore
    /// The samples before this one in `samples` are settled; the ones from it on hold their step
    /// and its squared length (`OutlineSample.settle(after:)`). Every public call ends with
    /// all of them settled; within a call, they are settled in runs, before anything reads
    /// their direction or length.
    private var settledCount = 0
    /// The running length of the last settled sample: the stroke's length once all are.
    private var settledLength = 0.0
    /// Where the open chunk starts in `samples`.
    private var openStart = 0
    private var openIsStrokeStart = true
    private var openLevel: Double?
    /// What the next sample reads of the newest one (wherever that is held).
    private var newest: Newest?
    /// The newest sample's place, the step into it (zero for the first) and whether it is a
    /// boundary, kept apart from it: each field is written and read whole (a read of a pair
    /// written as two halves waits, a sample after a sample, for both halves to retire).
    struct Newest: Sendable {
        private var xy: SIMD2<Double>
        private var delta: SIMD2<Double>
        var isBoundary: Bool

        init(point: Point, step: Point, isBoundary: Bool) {
            xy = SIMD2(point.x, point.y)
            delta = SIMD2(step.x, step.y)
            self.isBoundary = isBoundary
        }

        var point: Point { Point(x: xy.x, y: xy.y) }
        var step: Point { Point(x: delta.x, y: delta.y) }
    }
    /// A closed chunk: its samples' span, its ends, its alpha.
    struct Span: Sendable {
        var first: Int
        var last: Int
        var isStrokeStart: Bool
        var isStrokeEnd: Bool
        var alpha: Double
    }
    /// Closed chunks, oldest first: the first `finalCount` are final (nothing later can change
    /// them) and not yet taken; the rest are within `taperEnd` of the end (their radii may change).
    private var spans: [Span] = []
    private var finalCount = 0

    public init(options: OutlineOptions, simulatesPressure: Bool, opacityLevels: Double? = nil) {
        self.init(options: options, simulatesPressure: simulatesPressure, opacityLevels: opacityLevels, storage: Storage())
    }

    /// The storage a builder grows, handed from one stroke's builder to the next (emptied).
    private struct Storage {
        var held: [OutlineSample] = []
        var samples: OutlineSampleStore?
        var spans: [Span] = []
    }

    private init(options: OutlineOptions, simulatesPressure: Bool, opacityLevels: Double?, storage: consuming Storage) {
        self.options = options
        self.simulatesPressure = simulatesPressure
        self.opacityLevels = opacityLevels
        spacing = max(0.25, options.size * Self.spacingFraction)
        streamlineStep = 0.15 + (1 - min(1, max(0, options.streamline))) * 0.85
        // Moved in, so each array stays uniquely held (reserving would copy a shared one).
        samples = storage.samples ?? OutlineSampleStore(capacity: 0)
        swap(&held, &storage.held)
        swap(&spans, &storage.spans)
        // The start window (`held`, and `samples` while it is open) and a piece with the copy
        // that starts the next (`samples`) at their largest: they never grow sample by sample.
        let window = Int(clamping: (Self.longestStartSizes * max(options.size, spacing) / spacing).rounded(.up) + 2, to: 0...4096)
        let room = max(window, Self.chunkSamples) + 1
        held.reserveCapacity(window)
        samples.reserve(room)
    }

    /// Starts a new stroke as a new builder would, keeping the storage this one has grown: a
    /// builder reused from stroke to stroke allocates nothing once its arrays are as large as
    /// the strokes need.
    public mutating func restart(options: OutlineOptions, simulatesPressure: Bool, opacityLevels: Double? = nil) {
        // Moved out, not copied (a copy would be copied again when emptied).
        var storage = Storage()
        swap(&storage.held, &held)
        swap(&storage.spans, &spans)
        // A store still shared (a copy of this builder, a chunk kept) is left to them.
        storage.samples = isKnownUniquelyReferenced(&samples) ? samples : OutlineSampleStore(capacity: samples.capacity)
        // Usually empty already (a finished stroke's builder is); emptying costs even then.
        if !storage.held.isEmpty { storage.held.removeAll(keepingCapacity: true) }
        storage.samples?.removeAll()
        if !storage.spans.isEmpty { storage.spans.removeAll(keepingCapacity: true) }
        self = OutlineBuilder(options: options, simulatesPressure: simulatesPressure, opacityLevels: opacityLevels, storage: storage)
    }

    /// The stroke's length so far, along its samples.
    public var length: Double { settledLength }

    // MARK: Input

    /// Consumes the next input point (its force 0…1, as strokes store it; its time in seconds).
    @inline(__always)
    public mutating func add(_ location: Point, force f: Double, time: Double) {
        ownSamples()
        addOwned(SIMD2(location.x, location.y), force: f, time: time)
        settle()
    }

    /// Consumes the real points of `points`, as `add(_:force:time:)` for each would, with one
    /// check that the builder's storage is its own (`add(_:)` says how).
    public mutating func add(realPointsOf points: [InkPoint], precise: Bool) {
        ownSamples()
        points.withUnsafeBufferPointer { buffer in
            // Each input's place is read where `location(precise:)` would read it.
            let offset = precise ? MemoryLayout<InkPoint>.offset(of: \.preciseLocation) : MemoryLayout<InkPoint>.offset(of: \.location)
            if let base = buffer.baseAddress, let offset {
                add(InkPointInputs(base: base, count: buffer.count, placeOffset: offset))
            } else {
                for p in buffer where p.isReal {
                    let location = p.location(precise: precise)
                    addOwned(SIMD2(location.x, location.y), force: p.force, time: p.time)
                }
            }
        }
        settle()
    }

    /// Consumes the real points `range` of `points`, as `add(_:force:time:)` for each would
    /// (a tessellator's stroke: its points' precise places, or those rounded to whole points).
    public mutating func add(_ points: StrokePoints, range: Range<Int>, precise: Bool) {
        ownSamples()
        points.forEachRealRun(in: range) { run, startTime in
            add(PackedInputs(run: run, startTime: startTime, rounds: !precise))
        }
        settle()
    }

    /// The inputs of one run: a stroke's steady middle (inputs apart, no corner, ink without
    /// pressure simulation or opacity levels) is taken by a loop of its own, `addSteadily`,
    /// which keeps the state it changes in local variables and settles each sample as it makes
    /// it; every other input goes through `addOwned`. The two make the same chunks, bit for bit.
    private mutating func add<Inputs: OutlineInputs>(_ inputs: Inputs) {
        var i = 0
        while i < inputs.count {
            // The start window's test is made only by the loop that runs while it is open.
            i = holding ? addSteadily(inputs, from: i, window: StartWindowOpen.self)
                        : addSteadily(inputs, from: i, window: StartWindowClosed.self)
            guard i < inputs.count else { break }
            if inputs.isReal(i) {
                let location = inputs.location(i)
                addOwned(SIMD2(location.x, location.y), force: inputs.force(i), time: inputs.time(i))
            }
            i += 1
        }
    }

    /// Adds the inputs from `start` for as long as each is what `addOwned` and
    /// `emit` take the common way: real, finite, apart from the one before, with a finite time;
    /// its segment with no corner, no long jump, room in the store and in the open piece for
    /// every sample it can make, no closed piece waiting to be promoted, and none of its
    /// samples at the newest one's place, turning back on it, or closing the start window.
    /// Returns the index of the first input it did not take, for `addOwned` to take (`start`
    /// when the builder is not in its steady state: before its second input, simulating
    /// pressure, in opacity mode, or with a closed piece to promote).
    ///
    /// It does what those do, in the same order and with the same arithmetic (`Point`'s
    /// operators, a coordinate at a time), so every sample is the same to the bit; each sample
    /// is settled as it is stored (the square root, division and running sum a run does). The
    /// state it changes lives in local variables, and it calls nothing: a segment that meets
    /// a rare event is undone (its samples forgotten) and left to `addOwned` whole.
    ///
    /// `Window` says whether the start window is open (`holding`): while it is, the loop keeps
    /// the newest input's time, as `addOwned` does, and a sample that would close the window
    /// (`hold(_:)`) leaves its segment to `addOwned`, which blends the window's pressures. Once
    /// it has closed, nothing reads the time (`latestTime`), and the loop neither keeps it nor
    /// tests the window.
    private mutating func addSteadily<Inputs: OutlineInputs, Window: StartWindowState>(
        _ inputs: Inputs, from start: Int, window: Window.Type
    ) -> Int {
        guard !simulatesPressure, opacityLevels == nil, finalCount == spans.count, Window.isOpen == holding,
              let anchor, let pending, let newest, let firstTime else { return start }
        settle()
        let startWindow = self.startWindow, longestStart = self.longestStart
        var latest = latestTime
        // The anchor's and the pending input's places and forces, the newest sample's place and
        // step, the carry, the length, and the store's count. The inputs themselves (with
        // their times) are kept as where they came from: an index into `inputs`, or
        // `Self.entryAnchor` or `Self.entryPending`.
        var ax = anchor.location.x, ay = anchor.location.y, aForce = anchor.force
        var px = pending.location.x, py = pending.location.y, pForce = pending.force
        var anchorIndex = Self.entryAnchor, pendingIndex = Self.entryPending
        // The segment into the pending input, measured now if it was not yet (as `addOwned`
        // measures it: `incoming.length`).
        var pendingLength = pendingSegmentLength ?? (pending.location - anchor.location).length
        var nx = newest.point.x, ny = newest.point.y, nsx = newest.step.x, nsy = newest.step.y
        var newestIsBoundary = newest.isBoundary
        var carry = self.carry, length = settledLength
        let spacing = self.spacing, t = streamlineStep
        let longest = spacing * Double(Self.maximumSamplesPerSegment)
        let near = Self.samePlace * Self.samePlace
        let store = samples.base
        var count = samples.count
        // The open piece closes with its `chunkSamples`th sample, and the store holds
        // `capacity`: a segment that would store a sample at `room` is left to `addOwned`.
        let room = min(openStart + Self.chunkSamples - 1, samples.capacity)
        var i = start
        scan: while i < inputs.count {
            let location = inputs.location(i)
            let x = location.x, y = location.y
            // A predicted point, or a place not finite: passed over, as `addOwned` does.
            guard inputs.isReal(i), x - x == 0, y - y == 0 else {
                i += 1
                continue
            }
            let ix = px - ax, iy = py - ay, ox = x - px, oy = y - py
            // `outgoing`'s squared length is the distance from the pending input squared.
            let outgoingSquared = ox * ox + oy * oy
            let li = pendingLength, lo = outgoingSquared.squareRoot()
            let time = inputs.time(i)
            guard time.isFinite, outgoingSquared >= near, li > Self.samePlace, li <= longest else { break }
            if li >= spacing, lo >= spacing {
                // `corner(incoming:_:outgoing:_:)`: a turn of more than 30° is left to `addOwned`.
                let dot = ix * ox + iy * oy
                guard dot >= 0, !(dot < Self.cosVertexTurn * (li * lo)) else { break }
            }
            // `advance(from:to:length:corner:)` from the anchor to the pending input, and `emit`
            // for each sample.
            let dx = px - ax, dy = py - ay, dForce = pForce - aForce
            let perLength = 1 / li
            let before = (count: count, length: length, nx: nx, ny: ny, nsx: nsx, nsy: nsy, boundary: newestIsBoundary)
            // The newest input's time, as `addOwned` keeps it before resampling.
            let latestNow = Window.isOpen && time > latest ? time : latest
            var d = spacing - carry
            var lastD = -carry
            while d <= li {
                let u = d * perLength
                let positionX = ax + dx * u, positionY = ay + dy * u
                let pressure = aForce + dForce * u
                let pointX = nx + (positionX - nx) * t, pointY = ny + (positionY - ny) * t
                let sx = pointX - nx, sy = pointY - ny
                let distanceSquared = sx * sx + sy * sy
                // A sample at the newest one's place (a merge), a reversal (a boundary), or one
                // that fills the open piece or the store.
                guard _fastPath(distanceSquared >= near && nsx * sx + nsy * sy >= 0 && count < room) else {
                    (count, length, nx, ny, nsx, nsy, newestIsBoundary) = before
                    break scan
                }
                // Settled as it is made (`OutlineSample.settle(after:)`).
                let distance = distanceSquared.squareRoot()
                let inverse = 1 / distance
                length += distance
                if Window.isOpen, length >= startWindow, latestNow - firstTime >= Self.startDuration || length >= longestStart {
                    (count, length, nx, ny, nsx, nsy, newestIsBoundary) = before
                    break scan
                }
                (store + count).initialize(to: OutlineSample(
                    point: Point(x: pointX, y: pointY), pressure: pressure,
                    direction: Point(x: sx * inverse, y: sy * inverse), runningLength: length))
                count &+= 1  // below `room`
                nx = pointX
                ny = pointY
                nsx = sx
                nsy = sy
                newestIsBoundary = false
                lastD = d
                d += spacing
            }
            carry = li - lastD
            latest = latestNow
            // The inputs move on.
            ax = px
            ay = py
            aForce = pForce
            anchorIndex = pendingIndex
            px = x
            py = y
            pForce = inputs.force(i)
            pendingIndex = i
            pendingLength = lo
            i += 1
        }
        samples.setCount(count)
        func input(_ k: Int) -> Input {
            switch k {
            case Self.entryAnchor: return anchor
            case Self.entryPending: return pending
            default:
                let location = inputs.location(k)
                return Input(xy: SIMD2(location.x, location.y), force: inputs.force(k), arrive: inputs.time(k), depart: inputs.time(k))
            }
        }
        self.anchor = input(anchorIndex)
        self.pending = input(pendingIndex)
        // (Where it was not yet measured and no input was taken, the length every reader
        // would measure.)
        pendingSegmentLength = pendingLength
        self.carry = carry
        latestTime = latest
        self.newest = Newest(point: Point(x: nx, y: ny), step: Point(x: nsx, y: nsy), isBoundary: newestIsBoundary)
        settledLength = length
        settledCount = count
        return i
    }

    /// Where `addSteadily`'s anchor or pending input came from, when not from its inputs.
    private static let entryAnchor = -2, entryPending = -1

    /// Whether the start window is open, as a type: `addSteadily` is made once for each, and
    /// the closed window's loop has no test of it.
    private protocol StartWindowState { static var isOpen: Bool { get } }
    private enum StartWindowOpen: StartWindowState { static var isOpen: Bool { true } }
    private enum StartWindowClosed: StartWindowState { static var isOpen: Bool { false } }

    /// Settles the samples not yet settled, in one run: each one's square root and division
    /// wait only for its own step, and the run's for nothing else.
    @inline(__always)
    private mutating func settle() {
        if settledCount < samples.count { settleRun() }
    }

    private mutating func settleRun() {
        var length = settledLength
        let base = samples.base
        for i in settledCount..<samples.count { base[i].settle(after: &length) }
        settledLength = length
        settledCount = samples.count
    }

    /// Makes `samples` this builder's own before it changes them: a copy of the builder (a
    /// live tail finished from one) or a chunk kept from `takeFinal` may share them.
    @inline(__always)
    private mutating func ownSamples() {
        if !isKnownUniquelyReferenced(&samples) { samples = samples.copy() }
    }

    /// `add(_:force:time:)` with the location as one pair: it stays one 16-byte value from
    /// here to `pending`, so the next input's reading of it is never a load straddling two
    /// stores (which waits for both to retire).
    private mutating func addOwned(_ xy: SIMD2<Double>, force f: Double, time: Double) {
        // Both coordinates finite: `v − v` is 0 for a finite v, NaN for an infinite or NaN one
        // (one vector subtraction and compare, where `isFinite` tests each one's bits).
        guard xy - xy == .zero else { return }
        let location = Point(x: xy.x, y: xy.y)
        let t = time.isFinite ? time : (pending?.depart ?? 0)
        if firstTime == nil { firstTime = t }
        if t > latestTime { latestTime = t }  // `t` is finite: no NaN for `max` to order
        let input = Input(xy: xy, force: f, arrive: t, depart: t)
        guard var p = pending else {
            pending = input
            return
        }
        if p.location.distanceSquared(to: location) < Self.samePlace * Self.samePlace {
            p.force = max(p.force, f)
            p.depart = max(p.depart, t)
            pending = p
            return
        }
        // The segment into `p` is resampled now that the next one says whether `p` is a corner.
        guard let a = anchor else {
            anchor = p
            pending = input
            pendingSegmentLength = nil
            advance(from: nil, to: p, length: 0, corner: .none)
            return
        }
        let incoming = p.location - a.location, outgoing = location - p.location
        let li = pendingSegmentLength ?? incoming.length, lo = outgoing.length
        // The inputs move on before the segment is resampled, not after: the anchor is
        // stored as 8-byte halves and read by the next input as one 16-byte place, a read
        // that waits for the halves' stores to retire. Stored here, they have long retired
        // by then; stored after the resampling, the next input waited for them.
        anchor = p
        pending = input
        pendingSegmentLength = lo
        advance(from: a, to: p, length: li, corner: corner(incoming: incoming, li, outgoing: outgoing, lo))
    }

    /// Hands each chunk that became final since the last call to `body`, in order, then forgets
    /// them. The chunks' samples are views into the builder's storage: valid in `body`, copied
    /// if kept beyond it.
    public mutating func takeFinal(_ body: (OutlineChunk) -> Void) {
        guard finalCount > 0 else { return }
        for span in spans[..<finalCount] { body(chunk(span)) }
        ownSamples()  // `body` may have kept a chunk
        // Everything before the first chunk still held (or the open one) goes.
        let keepFrom = finalCount < spans.count ? spans[finalCount].first : openStart
        spans.removeFirst(finalCount)
        finalCount = 0
        guard keepFrom > 0 else { return }
        samples.removeFirst(keepFrom)
        settledCount -= keepFrom
        openStart -= keepFrom
        for i in spans.indices {
            spans[i].first -= keepFrom
            spans[i].last -= keepFrom
        }
    }

    /// The chunks that became final since the last call (`takeFinal(_:)`, collected).
    public mutating func takeFinal() -> [OutlineChunk] {
        var out: [OutlineChunk] = []
        takeFinal { out.append($0) }
        return out
    }

    /// Hands `body` the chunks that complete the stroke if it ended after the inputs consumed so
    /// far: every chunk not yet taken, the last with the end cap. A live stroke draws these as
    /// its tail (from a copy); a finished stroke's builder ends with them. `body` also gets the
    /// stroke's length (`length`, the end taper's reference).
    public mutating func finish(_ body: (_ chunk: OutlineChunk, _ length: Double) -> Void) {
        ownSamples()
        if let p = pending {
            if let a = anchor {
                advance(from: a, to: p, length: pendingSegmentLength ?? (p.location - a.location).length, corner: .none)
                // A finished stroke ends exactly on its last input (perfect-freehand's rule).
                emit(at: p.location, pressure: p.force, speedReference: 0, corner: false, snap: true)
            } else {
                emit(at: p.location, pressure: p.force, speedReference: 0, corner: false)
            }
            anchor = p
            pending = nil
            pendingSegmentLength = nil
        }
        settle()
        releaseHeld()
        let openCount = samples.count - openStart
        if openCount >= 2 {
            closeOpen(isEnd: true)
        } else if openCount == 1, spans.isEmpty {
            // A stroke that never moved: a dot.
            spans.append(Span(first: openStart, last: openStart, isStrokeStart: true, isStrokeEnd: true,
                              alpha: alpha(of: samples[openStart])))
        } else if spans.count > finalCount {
            spans[spans.count - 1].isStrokeEnd = true
        }
        let total = length
        for span in spans { body(chunk(span), total) }
        ownSamples()  // `body` may have kept a chunk
        samples.removeAll()
        settledCount = 0
        openStart = 0
        spans.removeAll(keepingCapacity: true)
        finalCount = 0
    }

    /// The chunks that complete the stroke (`finish(_:)`, collected).
    public mutating func finish() -> [OutlineChunk] {
        var out: [OutlineChunk] = []
        finish { chunk, _ in out.append(chunk) }
        return out
    }

    private func chunk(_ span: Span) -> OutlineChunk {
        OutlineChunk(samples: samples.samples(span.first...span.last), isStrokeStart: span.isStrokeStart,
                     isStrokeEnd: span.isStrokeEnd, alpha: span.alpha)
    }

    // MARK: Stage 1: resampling

    /// What an input vertex is for the outline.
    enum Corner {
        /// Smoothed over like any other place.
        case none
        /// A real corner of sparse input: a sample sits exactly on it (a round join there).
        case vertex
        /// A turn of more than 90°: a sample on it, and a piece boundary (round caps).
        case split
    }

    /// 1024 samples a segment (4096 pt at size 16, a quarter of the largest window): longer
    /// straight segments between two inputs — only a damaged file or a fuzzer makes them —
    /// are sampled more coarsely, so their cost is bounded.
    static let maximumSamplesPerSegment = 1024

    /// cos 30°: sparse input turning more than 30° at a vertex keeps that vertex exactly. (A
    /// literal, `cos(π / 6)` to the last bit: a computed static is checked on every use.)
    static let cosVertexTurn = 0.8660254037844387

    /// Whether an input vertex between the segments `incoming` and `outgoing` (of lengths `li`
    /// and `lo`) is a corner. Only sparse input has corners: where both segments are at least
    /// `spacing` long. Dense input (a pen at 1 kHz) turns gradually, and its jitter is what
    /// streamlining smooths away.
    private func corner(incoming: Point, _ li: Double, outgoing: Point, _ lo: Double) -> Corner {
        guard li >= spacing, lo >= spacing else { return .none }
        // The cosine of the turn is `dot / (li · lo)`, compared without the division.
        let dot = incoming.dot(outgoing)
        if dot < 0 { return .split }
        return dot < Self.cosVertexTurn * (li * lo) ? .vertex : .none
    }

    /// Resamples the segment from `a` to `b`, `length` long (or, without `a`, emits the first
    /// sample).
    private mutating func advance(from a: Input?, to b: Input, length: Double, corner: Corner) {
        guard let a else {
            emit(at: b.location, pressure: b.force, speedReference: 0, corner: false)
            return
        }
        let delta = b.location - a.location
        guard length > Self.samePlace else { return }
        let dt = b.arrive - a.depart
        // Distance the pointer covers in one reference interval; without usable times, the
        // segment itself counts as one event (perfect-freehand's per-sample rule). Only
        // simulated pressure reads it.
        let reference = !simulatesPressure ? 0 : dt > 0 ? length / dt * Self.referenceInterval : length
        // A segment longer than `maximumSamplesPerSegment` spacings is sampled more coarsely:
        // it is straight, and a jump across the whole ±1e6 pt range must not cost a million samples.
        let most = Double(Self.maximumSamplesPerSegment)
        let step = length > spacing * most ? length / most : spacing
        // Where a sample falls, as a fraction of the segment (a multiplication a sample).
        let perLength = 1 / length
        var d = spacing - carry
        var lastD = -carry
        while d <= length {
            let u = d * perLength
            emit(at: a.location + delta * u, pressure: a.force + (b.force - a.force) * u,
                 speedReference: reference, corner: false)
            lastD = d
            d += step
        }
        carry = length - lastD
        switch corner {
        case .none:
            break
        case .vertex, .split:
            let split = corner == .split
            if carry > Self.samePlace {
                emit(at: b.location, pressure: b.force, speedReference: reference, corner: split, snap: true)
            } else if split {
                markCorner()
            }
            carry = 0
        }
    }

    // MARK: Stages 2 and 3: streamline and pressure

    private mutating func emit(at position: Point, pressure raw: Double, speedReference: Double, corner: Bool, snap: Bool = false) {
        let t = streamlineStep
        guard let prev = newest else {
            let first = OutlineSample(point: position, pressure: simulatesPressure ? simulated : raw,
                                      direction: .zero, runningLength: 0, isBoundary: corner)
            newest = Newest(point: position, step: .zero, isBoundary: corner)
            // Made settled (no step, no length), and counted so before it is admitted.
            settledCount = samples.count + 1
            admit(first)
            return
        }
        let point = snap ? position : prev.point.lerp(to: position, t)
        let step = point - prev.point
        let distanceSquared = step.x * step.x + step.y * step.y
        var pressure = raw
        if simulatesPressure {
            // sp = min(1, distance/size), rp = min(1, 1 − sp), p += (rp − p)·sp·0.275 per event
            // of `reference` points; applied per `distance` so the rate depends on length only.
            let distance = distanceSquared.squareRoot()
            let size = max(options.size, 1e-6)
            let reference = max(speedReference, 1e-9)
            let sp = min(1, reference / size)
            let rp = min(1, 1 - sp)
            let k = 1 - pow(1 - sp * Self.simulatedPressureRate, distance / reference)
            simulated = min(1, max(0, simulated + (rp - simulated) * k))
            pressure = simulated
        }
        // Decided on the squared distance and the steps, not on the root and the quotient:
        // those are worked out when the sample is settled, where nothing waits for them.
        if distanceSquared < Self.samePlace * Self.samePlace {
            mergeIntoNewest(pressure: pressure, corner: corner)
            if corner { markCorner() }
            return
        }
        // A reversal after streamlining (the step turns back on the step before it): the piece
        // ends at the previous sample.
        if prev.step.dot(step) < 0 { markCorner() }
        newest = Newest(point: point, step: step, isBoundary: corner)
        admit(OutlineSample(point: point, pressure: pressure, step: step, distanceSquared: distanceSquared,
                            isBoundary: corner))
        promote()
    }

    /// Merges a sample at the newest one's place into it: the larger pressure, and a boundary
    /// if either is.
    private mutating func mergeIntoNewest(pressure: Double, corner: Bool) {
        guard samples.count > openStart else { return }
        let i = samples.count - 1
        samples[i].pressure = max(samples[i].pressure, pressure)
        if corner { flagNewestAsBoundary() }
    }

    /// The newest sample (the open chunk's last) becomes a boundary, in `samples` and `newest`.
    private mutating func flagNewestAsBoundary() {
        samples[samples.count - 1].isBoundary = true
        newest?.isBoundary = true
    }

    /// Makes the newest sample a piece boundary.
    private mutating func markCorner() {
        guard let n = newest, !n.isBoundary, samples.count > openStart else { return }
        flagNewestAsBoundary()
        if !holding, samples.count - openStart >= 2 { closeOpen(isEnd: false) }
    }

    /// Samples are held in the start window until the stroke is `size` long, then go to the
    /// chunks.
    @inline(__always)
    private mutating func admit(_ s: OutlineSample) {
        if holding { hold(s) } else { chunk(s) }
    }

    private mutating func hold(_ s: OutlineSample) {
        // While the window is open, no chunk has closed: it is all of `samples`. Its length is
        // read at once: each of its samples is settled as it comes.
        samples.append(s)
        settle()
        let run = settledLength
        let elapsed = latestTime - (firstTime ?? latestTime)
        if run >= startWindow, elapsed >= Self.startDuration || run >= longestStart {
            releaseHeld()
        }
    }

    /// 3 × `size`: the start window never grows beyond this however long it lasts, so a fast
    /// short stroke keeps its own pressures past its start.
    private var longestStart: Double { Self.longestStartSizes * startWindow }
    static let longestStartSizes = 3.0

    /// `size` points: the least length over which the start's pressure is blended with its
    /// average.
    private var startWindow: Double { max(options.size, spacing) }
    /// 0.2 s: the start window also lasts this long, so a pressure that settles just after
    /// touch-down (a pen landing hard, a wheel turned at once: the demo's first stroke starts
    /// at 0.5 and is turned down to 0.2 within 0.1 s, 20 pt in) gives no fat start.
    public static let startDuration = 0.2

    /// Blends the held samples' pressure with their average (no fat or thin start): the first
    /// sample takes the average, the weight of its own pressure grows to 1 at the window's end
    /// (squared, so the start stays near the average), and passes them on.
    private mutating func releaseHeld() {
        guard holding else { return }
        holding = false
        let count = samples.count
        guard count > 0 else { return }
        var sum = 0.0
        for i in 0..<count { sum += samples[i].pressure }
        let average = sum / Double(count)
        let length = max(samples[count - 1].runningLength, startWindow)
        for i in 0..<count {
            let w = min(1, samples[i].runningLength / length)
            samples[i].pressure = average + (samples[i].pressure - average) * w * w
        }
        if opacityLevels != nil {
            // Each sample's level decides whether it ends a piece: passed on one by one.
            held.append(contentsOf: UnsafeBufferPointer(start: samples.base, count: count))
            samples.removeAll()
            for s in held { chunk(s) }
            held.removeAll(keepingCapacity: true)
        } else {
            closeHeldPieces()
        }
    }

    /// Opaque ink: the window's samples, blended where they are, are already the open chunk's,
    /// as `chunk` would have made them one by one; the pieces `chunk` would have closed among
    /// them (at a boundary after the first sample, or a piece's worth of samples) are closed
    /// in place, each followed by a copy of its last sample, the next piece's first.
    private mutating func closeHeldPieces() {
        var i = openStart + 1
        while i < samples.count {
            guard samples[i].isBoundary || i - openStart + 1 >= Self.chunkSamples else {
                i += 1
                continue
            }
            closeOpen(at: i, isEnd: false)
            i += 2
        }
    }

    // MARK: Stage 4: pieces

    /// Adds a sample to the open chunk, closing it at a boundary or at `chunkSamples` (the path
    /// of every sample: kept short).
    @inline(__always)
    private mutating func chunk(_ s: OutlineSample) {
        if let levels = opacityLevels, closesLevel(with: s, levels: levels) { return }
        samples.append(s)
        let openCount = samples.count - openStart
        if openCount >= 2, s.isBoundary || openCount >= Self.chunkSamples { closeOpen(isEnd: false) }
    }

    /// Opacity mode: whether `s` changes the open chunk's opacity level, in which case it ends
    /// that chunk (and is added as its last sample).
    private mutating func closesLevel(with s: OutlineSample, levels: Double) -> Bool {
        var level = Self.opacityLevel(s.pressure, levels: levels)
        // Hysteresis: a pressure wavering around a level's edge keeps the piece's level
        // until its opacity moves `opacityHysteresis` levels away (no flood of pieces).
        if let current = openLevel, abs(Self.opacity(s.pressure) - current) <= Self.opacityHysteresis / levels {
            level = current
        }
        if openLevel == nil { openLevel = level }
        if level != openLevel, samples.count > openStart {
            samples.append(s)
            closeOpen(isEnd: false)
            openLevel = level
            return true
        }
        return false
    }

    /// Closes the open chunk at its last sample; the next chunk starts there (with a copy of it).
    private mutating func closeOpen(isEnd: Bool) {
        guard samples.count > openStart else { return }
        closeOpen(at: samples.count - 1, isEnd: isEnd)
    }

    /// Closes the open chunk at sample `last` (its last sample, or, for the start window's
    /// pieces closed in place, one within it); unless the stroke ends there, the next chunk
    /// starts there, with a copy of it just after it.
    private mutating func closeOpen(at last: Int, isEnd: Bool) {
        settle()  // the chunk's samples and the copy of its last are settled
        spans.append(Span(first: openStart, last: last, isStrokeStart: openIsStrokeStart, isStrokeEnd: isEnd,
                          alpha: openLevel ?? 1))
        openStart = last + 1
        if !isEnd {
            samples.insertCopy(after: last)
            settledCount += 1
        }
        openIsStrokeStart = false
        promote()
    }

    /// Closed chunks become final once the stroke has gone on past them by more than the end
    /// taper's length: nothing that comes later can change them (not even which one is last).
    @inline(__always)
    private mutating func promote() {
        if finalCount < spans.count { promoteClosed() }
    }

    private mutating func promoteClosed() {
        settle()
        let current = settledLength
        let reach = max(0, options.taperEnd)
        while finalCount < spans.count, current - samples[spans[finalCount].last].runningLength > reach {
            finalCount += 1
        }
    }
}

/// A run of inputs `OutlineBuilder` reads at once, by index: contiguous, so its steady loop
/// reads each with a load or two.
protocol OutlineInputs {
    var count: Int { get }
    /// Whether input `i` is a real point (a predicted one is passed over).
    func isReal(_ i: Int) -> Bool
    func location(_ i: Int) -> Point
    func force(_ i: Int) -> Double
    func time(_ i: Int) -> Double
}

/// `InkPoint`s, each place read where `location(precise:)` reads it (`placeOffset`).
struct InkPointInputs: OutlineInputs {
    let base: UnsafePointer<InkPoint>
    let count: Int
    let placeOffset: Int

    @inline(__always)
    func isReal(_ i: Int) -> Bool { base[i].isReal }

    @inline(__always)
    func location(_ i: Int) -> Point {
        // Within the buffer: no overflow to check.
        let place = UnsafeRawPointer(base) + (i &* MemoryLayout<InkPoint>.stride &+ placeOffset)
        return Point(x: place.load(as: Double.self), y: place.load(fromByteOffset: 8, as: Double.self))
    }

    @inline(__always)
    func force(_ i: Int) -> Double { base[i].force }

    @inline(__always)
    func time(_ i: Int) -> Double { base[i].time }
}

/// A run of a stroke's packed points, read as `StrokePoints`' fast reads read them (every one
/// real; places rounded to whole points when `rounds`, as a tessellator of imprecise ink does).
struct PackedInputs: OutlineInputs {
    let run: UnsafeBufferPointer<PackedInkPoint>
    let startTime: Double
    let rounds: Bool

    var count: Int { run.count }

    @inline(__always)
    func isReal(_ i: Int) -> Bool { true }

    @inline(__always)
    func location(_ i: Int) -> Point {
        let p = Point(x: Double(run[i].x), y: Double(run[i].y))
        return rounds ? Point(x: p.x.rounded(), y: p.y.rounded()) : p
    }

    @inline(__always)
    func force(_ i: Int) -> Double { Double(run[i].force) / PackedInkPoint.forceScale }

    @inline(__always)
    func time(_ i: Int) -> Double { startTime + Double(run[i].microseconds) / PackedInkPoint.ticksPerSecond }
}
