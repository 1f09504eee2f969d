#version 330 core
// A quarter-size copy in one pass: each texel of the target is the mean of the 4 x 4 source
// texels under it, read as four bilinear fetches, each centred between four texels. (Halving
// is the composite shader's one bilinear fetch between four texels.)

uniform sampler2D uLayer;
// One source texel, in texture coordinates.
uniform vec2 uTexel;

in vec2 vUV;
out vec4 fragColour;

void main() {
    // vUV is the middle of the 4 x 4 block; its four 2 x 2 quarters are centred a texel away.
    vec2 d = uTexel;
    fragColour = 0.25 * (texture(uLayer, vUV + vec2(-d.x, -d.y)) + texture(uLayer, vUV + vec2(d.x, -d.y))
                       + texture(uLayer, vUV + vec2(-d.x, d.y)) + texture(uLayer, vUV + vec2(d.x, d.y)));
}
