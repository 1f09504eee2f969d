#version 330 core
// A layer drawn over what is below: premultiplied alpha (Cairo's ARGB32), blended with
// (1, 1 - source alpha). uDim lays black over it, as the dimming behind a peek.

uniform sampler2D uLayer;
// 0..1: the whole layer's opacity.
uniform float uOpacity;
// 0..1 of black laid over the layer (0: none).
uniform float uDim;

in vec2 vUV;
out vec4 fragColour;

void main() {
    vec4 c = texture(uLayer, vUV) * uOpacity;
    // Black at alpha uDim over c, premultiplied.
    fragColour = vec4(c.rgb * (1.0 - uDim), c.a + uDim * (1.0 - c.a));
}
