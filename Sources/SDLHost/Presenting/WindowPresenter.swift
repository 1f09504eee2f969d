import CairoRender
import ForceCore

/// A presenter that shows frames in the window: `GLPresenter` or `SoftwarePresenter`.
protocol WindowPresenter: Presenter {
    /// The window's size in points and its HiDPI scale, as this presenter draws it (drawable or
    /// renderer output size / window size).
    var viewport: Viewport { get }
    /// One line saying how it presents, for `-v`.
    var summary: String { get }
    /// The next frame is drawn whole, ink and all: the display that follows is not the one
    /// last drawn changed a little (a seek in the player, the player giving way to the canvas).
    func invalidate()
    /// The window's pixels were lost (it was uncovered): the next `present` shows the whole
    /// frame, not only what changed. Nothing is drawn again.
    func exposed()
    /// Waits until every drawing command given has been carried out (GL: `glFinish`; the
    /// software presenter's work is done when `present` returns). The bench times whole frames
    /// with it.
    func finish()
}

extension WindowPresenter {
    func finish() {}
}

/// How the window presents (`run --presenter`).
public enum PresenterChoice: String, CaseIterable, Sendable {
    /// GL where OpenGL 3.3 core or GLES 3.0 works and the shaders compile; otherwise software,
    /// with one line saying why.
    case auto
    /// GL or nothing: a window that cannot present with GL is an error.
    case gl
    /// One Cairo surface, its dirty rects copied into the window's own surface (no shaders).
    case software
}

/// Where a frame is shown in a window larger than it: centred, the margins black. A fullscreen
/// player's frame and strip keep their proportions on a screen of others (1280×888 on a 16:10
/// display); both presenters place it here, and the player reads the pointer through the same
/// origin (`PlayerSession.unscaled`).
enum Letterbox {
    /// The frame's top left in the window, in the units given (pixels for the presenters).
    static func origin(frame: (width: Int, height: Int), window: (width: Int, height: Int)) -> (x: Int, y: Int) {
        (max(0, (window.width - frame.width) / 2), max(0, (window.height - frame.height) / 2))
    }
}
