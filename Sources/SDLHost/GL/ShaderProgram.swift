import CGL
import Foundation

/// A linked GLSL program and its uniforms' locations.
final class ShaderProgram {
    let id: GLuint
    private let gl: GLFunctions
    private var locations: [String: GLint] = [:]

    /// Compiles `vertex` and `fragment` (file names in `sources`) and links them. A compile error
    /// names the file and line; a link error names both files.
    init(_ gl: GLFunctions, vertex: String, fragment: String, sources: ShaderSources, dialect: GLDialect) throws(ShaderError) {
        self.gl = gl
        let vs = try Self.compile(gl, vertex, type: GL_VERTEX_SHADER, sources: sources, dialect: dialect)
        defer { gl.deleteShader(vs) }
        let fs = try Self.compile(gl, fragment, type: GL_FRAGMENT_SHADER, sources: sources, dialect: dialect)
        defer { gl.deleteShader(fs) }
        let program = gl.createProgram()
        gl.attachShader(program, vs)
        gl.attachShader(program, fs)
        gl.linkProgram(program)
        var ok: GLint = 0
        gl.getProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log { length, buffer in gl.getProgramInfoLog(program, length, nil, buffer) }
                query: { gl.getProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &$0) }
            gl.deleteProgram(program)
            throw ShaderError(file: "\(sources.path(of: vertex)) + \(fragment)", line: nil, message: "do not link: \(log)")
        }
        id = program
    }

    deinit { gl.deleteProgram(id) }

    /// A uniform's location (-1 when the program does not use it: setting it does nothing).
    func location(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = gl.getUniformLocation(id, name)
        locations[name] = l
        return l
    }

    func set(_ name: String, _ v: Int32) { gl.uniform1i(location(name), v) }
    func set(_ name: String, _ v: Double) { gl.uniform1f(location(name), GLfloat(v)) }
    func set(_ name: String, _ x: Double, _ y: Double) { gl.uniform2f(location(name), GLfloat(x), GLfloat(y)) }
    func set(_ name: String, _ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        gl.uniform4f(location(name), GLfloat(x), GLfloat(y), GLfloat(z), GLfloat(w))
    }

    /// Sets a `vec2` array uniform from its first element.
    func set(_ name: String, pairs: [(Double, Double)]) {
        let values = pairs.flatMap { [GLfloat($0.0), GLfloat($0.1)] }
        values.withUnsafeBufferPointer { gl.uniform2fv(location(name), GLsizei(pairs.count), $0.baseAddress) }
    }

    private static func compile(_ gl: GLFunctions, _ name: String, type: Int32, sources: ShaderSources,
                                dialect: GLDialect) throws(ShaderError) -> GLuint {
        let text = try sources.source(name, for: dialect)
        let shader = gl.createShader(GLenum(type))
        text.withCString { p in
            var pointer: UnsafePointer<GLchar>? = p
            gl.shaderSource(shader, 1, &pointer, nil)
        }
        gl.compileShader(shader)
        var ok: GLint = 0
        gl.getShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log { length, buffer in gl.getShaderInfoLog(shader, length, nil, buffer) }
                query: { gl.getShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &$0) }
            gl.deleteShader(shader)
            throw Self.error(in: sources.path(of: name), log: log)
        }
        return shader
    }

    /// Reads an info log of the length `query` gives.
    private static func log(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void, query: (inout GLint) -> Void) -> String {
        var length: GLint = 0
        query(&length)
        guard length > 1 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length) + 1)
        buffer.withUnsafeMutableBufferPointer { b in
            if let base = b.baseAddress { read(GLsizei(length), base) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first error of a compiler log, with its line in the file. Understands Mesa's
    /// `0:12(5): error: …`, NVIDIA's `0(12) : error C0000: …` and `ERROR: 0:12: …`.
    static func error(in file: String, log: String) -> ShaderError {
        let lines = log.split(separator: "\n").map(String.init)
        let first = lines.first { $0.localizedCaseInsensitiveContains("error") } ?? lines.first ?? log
        let patterns = [
            #"^\s*\d+:(\d+)\(\d+\):\s*(?:error:\s*)?(.*)$"#,
            #"^\s*\d+\((\d+)\)\s*:\s*(?:error\s*\w*:\s*)?(.*)$"#,
            #"^\s*ERROR:\s*\d+:(\d+):\s*(.*)$"#,
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                let m = regex.firstMatch(in: first, range: NSRange(first.startIndex..., in: first)), m.numberOfRanges == 3,
                let lineRange = Range(m.range(at: 1), in: first), let messageRange = Range(m.range(at: 2), in: first)
            else { continue }
            return ShaderError(file: file, line: Int(first[lineRange]), message: "error: " + String(first[messageRange]))
        }
        return ShaderError(file: file, line: nil, message: "does not compile: \(first)")
    }
}
