import CSDL2
import CairoRender
import Foundation
import TestSupport
import XCTest

/// Both presenters show only what changed, so what another window covered is drawn again on
/// purpose when it is uncovered (`HostEvent.exposed`), though nothing in the frame changed.
final class ExposedWindowTests: XCTestCase {
    func testAnUncoveredWindowIsDrawnAgain() throws {
        try Binary.requireDisplay()
        XCTAssertEqual(SDL_Init(SDL_INIT_VIDEO), 0)
        defer { SDL_Quit() }
        for presenter in ["gl", "software"] {
            let dir = try Binary.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let (process, window) = try Binary.launchWindow(["--size", "640x480", "--scene", "canvas", "--presenter", presenter])
            defer {
                process.terminate()
                Binary.waitForExit(process)
            }
            Thread.sleep(forTimeInterval: 0.5)
            // "Window 123\n  Position: 640,360 (screen: 0)\n  Geometry: 640x480"
            let geometry = try Binary.xdotool(["getwindowgeometry", window]).stdout
            let position = try XCTUnwrap(geometry.split(separator: "\n").first { $0.contains("Position:") })
            let xy = position.split(separator: " ").dropFirst().first?.split(separator: ",").compactMap { Int32($0) } ?? []
            XCTAssertEqual(xy.count, 2, geometry)
            // A magenta window over the canvas's top left for half a second, then gone.
            let cover = try XCTUnwrap(SDL_CreateWindow("cover", xy[0], xy[1], 300, 200, SDL_WINDOW_BORDERLESS.rawValue))
            let surface = try XCTUnwrap(SDL_GetWindowSurface(cover))
            SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, 255, 0, 255))
            SDL_UpdateWindowSurface(cover)
            SDL_PumpEvents()
            Thread.sleep(forTimeInterval: 0.5)
            SDL_DestroyWindow(cover)
            SDL_PumpEvents()
            Thread.sleep(forTimeInterval: 0.5)
            let shot = "\(dir)/shot.png"
            XCTAssertEqual(try Binary.run("/usr/bin/import", ["-window", window, shot]).status, 0)
            let image = try RGBAImage.readPNG(shot)
            var magenta = 0
            for y in 0..<min(200, image.height) {
                for x in 0..<min(300, image.width) {
                    let p = image.pixel(x: x, y: y)
                    if p.0 > 200, p.1 < 60, p.2 > 200 { magenta += 1 }
                }
            }
            XCTAssertEqual(magenta, 0, "\(presenter): the uncovered corner is the canvas again, not the cover")
        }
    }
}
