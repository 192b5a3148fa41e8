// GLSL ES 3.00 sources of the WebGL2 view. Both programs share the colour
// logic: the layer's own colour can be overridden (ids with the CURRENT_COLOR
// bit), a highlighted net dims everything else, the selected item is lit.
// Item nets come from an R32UI texture indexed by item id.

const COLOR_LOGIC = /* glsl */ `
uniform highp usampler2D uNets;
uniform uint uHiNet;
uniform uint uSel;
uniform int uOverride;
uniform vec3 uLayerColor;
uniform float uOpacity;
uniform vec3 uBg;

vec4 itemColor(vec4 col, uint rawId) {
  uint id = rawId & 0x7fffffffu;
  if (uOverride == 1 && (rawId & 0x80000000u) != 0u) col.rgb = uLayerColor;
  if (uHiNet != 0u) {
    uint net = id == 0u ? 0u : texelFetch(uNets, ivec2(int(id & 2047u), int(id >> 11u)), 0).r;
    if (net != uHiNet) col.rgb = mix(col.rgb, uBg, 0.78);
    else col.rgb = mix(col.rgb, vec3(1.0), 0.25);
  }
  if (uSel != 0u && id == uSel) {
    col.rgb = mix(col.rgb, vec3(1.0), 0.5);
    col.a = max(col.a, 0.9);
  }
  col.a *= uOpacity;
  return col;
}
`;

export const TRI_VS = /* glsl */ `#version 300 es
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aCol;
layout(location = 2) in uint aId;
uniform mat3 uView;
out vec4 vCol;
${COLOR_LOGIC}
void main() {
  vCol = itemColor(aCol, aId);
  gl_Position = vec4((uView * vec3(aPos, 1.0)).xy, 0.0, 1.0);
}
`;

export const TRI_FS = /* glsl */ `#version 300 es
precision mediump float;
in vec4 vCol;
out vec4 outColor;
void main() { outColor = vCol; }
`;

/**
 * Capsules: one instance per round-capped segment. The quad around the
 * segment is grown by a pixel; the fragment shader measures the distance to
 * the segment and covers it with a one-pixel analytic edge. Strokes thinner
 * than a pixel stay a pixel wide, fading with their true width.
 */
export const CAP_VS = /* glsl */ `#version 300 es
layout(location = 0) in vec2 aCorner;
layout(location = 1) in vec4 aSeg;
layout(location = 2) in float aR;
layout(location = 3) in vec4 aCol;
layout(location = 4) in uint aId;
uniform mat3 uView;
uniform float uPx;
out vec4 vCol;
out vec2 vP;
flat out vec4 vSeg;
flat out float vR;
${COLOR_LOGIC}
void main() {
  vec2 p0 = aSeg.xy;
  vec2 p1 = aSeg.zw;
  vec2 d = p1 - p0;
  float len = length(d);
  vec2 dir = len > 0.0 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);
  float r = max(aR, 0.5 * uPx);
  float grow = r + uPx;
  vec2 base = aCorner.x < 0.0 ? p0 : p1;
  vec2 p = base + dir * aCorner.x * grow + nrm * aCorner.y * grow;
  vec4 col = itemColor(aCol, aId);
  // Hairlines: keep one pixel, fade by the true width.
  if (aR < 0.5 * uPx) col.a *= max(aR * 2.0 / uPx, 0.6);
  vCol = col;
  vP = p;
  vSeg = aSeg;
  vR = r;
  gl_Position = vec4((uView * vec3(p, 1.0)).xy, 0.0, 1.0);
}
`;

export const CAP_FS = /* glsl */ `#version 300 es
precision highp float;
in vec4 vCol;
in vec2 vP;
flat in vec4 vSeg;
flat in float vR;
uniform float uPx;
out vec4 outColor;
void main() {
  vec2 a = vSeg.xy;
  vec2 ab = vSeg.zw - a;
  float l2 = dot(ab, ab);
  float t = l2 > 0.0 ? clamp(dot(vP - a, ab) / l2, 0.0, 1.0) : 0.0;
  float dist = length(vP - (a + t * ab));
  float cover = clamp((vR - dist) / uPx + 0.5, 0.0, 1.0);
  if (cover <= 0.0) discard;
  outColor = vec4(vCol.rgb, vCol.a * cover);
}
`;

/** The cached image (software GL interaction frames): a textured quad in world mm. */
export const BLIT_VS = /* glsl */ `#version 300 es
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUv;
uniform mat3 uView;
out vec2 vUv;
void main() {
  vUv = aUv;
  gl_Position = vec4((uView * vec3(aPos, 1.0)).xy, 0.0, 1.0);
}
`;

export const BLIT_FS = /* glsl */ `#version 300 es
precision mediump float;
in vec2 vUv;
uniform sampler2D uTex;
out vec4 outColor;
void main() { outColor = texture(uTex, vUv); }
`;

/** Schematic images: the blit's textured quad (BLIT_VS) with the layer's opacity (straight alpha). */
export const IMAGE_FS = /* glsl */ `#version 300 es
precision mediump float;
in vec2 vUv;
uniform sampler2D uTex;
uniform float uOpacity;
out vec4 outColor;
void main() {
  vec4 c = texture(uTex, vUv);
  outColor = vec4(c.rgb, c.a * uOpacity);
}
`;

/** The selection outline: plain triangles in world mm, one colour. */
export const SOLID_VS = /* glsl */ `#version 300 es
layout(location = 0) in vec2 aPos;
uniform mat3 uView;
void main() { gl_Position = vec4((uView * vec3(aPos, 1.0)).xy, 0.0, 1.0); }
`;

export const SOLID_FS = /* glsl */ `#version 300 es
precision mediump float;
uniform vec4 uColor;
out vec4 outColor;
void main() { outColor = uColor; }
`;
