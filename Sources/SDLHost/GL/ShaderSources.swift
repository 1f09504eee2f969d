import ForcePlatform
import Foundation

/// A shader that did not load, compile or link: the file and line it names, in the compiler's
/// words (`/path/Shaders/blur.frag:12:5: error: syntax error, unexpected IDENTIFIER`).
public struct ShaderError: Error, CustomStringConvertible, Equatable {
    /// The shader file's path.
    public var file: String
    /// The line in that file (nil when the compiler named none, or the file is missing).
    public var line: Int?
    /// What is wrong.
    public var message: String

    public var description: String {
        guard let line else { return "\(file): \(message)" }
        return "\(file):\(line): \(message)"
    }
}

/// The GLSL the GL presenter runs: the files in `Shaders/`, the source of truth, read when the
/// window starts. Each file begins with `#version 330 core`; for a GLES 3.0 context that line is
/// swapped for `#version 300 es` and a default precision, and `#line 2` keeps the compiler's
/// line numbers those of the file.
struct ShaderSources {
    /// The shaders the compositor needs.
    static let names = ["composite.vert", "composite.frag", "downsample.frag", "blur.frag", "ring.frag"]
    /// The first line of every shader file.
    static let desktopVersion = "#version 330 core"

    /// The folder they were read from.
    let directory: String
    private let texts: [String: String]

    /// Reads every shader from `directory`.
    init(directory: String) throws(ShaderError) {
        self.directory = directory
        var texts: [String: String] = [:]
        for name in Self.names {
            let path = (directory as NSString).appendingPathComponent(name)
            let data: Data
            do throws(FileKind.ReadProblem) {
                data = try FileKind.readWhole(path)
            } catch {
                throw ShaderError(file: path, line: nil, message: "cannot read the shader: \(error.reason)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ShaderError(file: path, line: nil, message: "the shader is not UTF-8 text")
            }
            texts[name] = text
        }
        self.texts = texts
    }

    /// The path of a shader.
    func path(of name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// The source of `name` for a context of `dialect`.
    func source(_ name: String, for dialect: GLDialect) throws(ShaderError) -> String {
        guard let text = texts[name] else { throw ShaderError(file: path(of: name), line: nil, message: "not loaded") }
        guard text.hasPrefix(Self.desktopVersion) else {
            throw ShaderError(file: path(of: name), line: 1, message: "the first line must be `\(Self.desktopVersion)`")
        }
        switch dialect {
        case .core: return text
        case .es:
            let rest = text.dropFirst(Self.desktopVersion.count).drop { $0 != "\n" }.dropFirst()
            return "#version 300 es\nprecision highp float;\nprecision highp int;\n#line 2\n" + rest
        }
    }

    /// Reads the shaders from `explicit` (`run --shaders DIR`), else from the folder the resource
    /// locator finds (`share/forcecanvas/shaders` installed, `Shaders/` in the source tree); none
    /// found is an error naming every place looked.
    static func locate(explicit: String?) throws(ShaderError) -> ShaderSources {
        if let explicit { return try ShaderSources(directory: explicit) }
        do {
            return try ShaderSources(directory: try ResourceLocator.current.path(of: .shaders))
        } catch let error as ShaderError {
            throw error
        } catch {
            throw ShaderError(file: names.joined(separator: ", "), line: nil, message: "\(error) (or give the folder with --shaders DIR)")
        }
    }
}

/// Which GLSL a context takes.
enum GLDialect: String, Sendable {
    /// OpenGL 3.3 core: GLSL 3.30.
    case core
    /// OpenGL ES 3.0: GLSL ES 3.00.
    case es
}
