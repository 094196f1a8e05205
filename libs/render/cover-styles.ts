// The cover's four design styles in Typst: each draws its panels with the helpers and palette cover.ts's preamble defines.
import type { DesignStyle } from '../domain/index.ts';

/** Each style defines front(w, h, bl, br, bt, bb), back(…) and spine(s, h, bt, bb): panels with bleed on the given sides. */
export const STYLES: Record<DesignStyle, string> = {
  // Inter, geometric blocks and circles, flush-left type.
  modern: `
#let title-style(s, b) = { set par(leading: 0.22em); text(font: sans, weight: 700, size: s, fill: pal.on-dark, b) }
#let tag-style(s, b) = { set par(leading: 0.45em); text(font: sans, weight: 400, size: s, fill: pal.dark, b) }
#let author-style(s, b) = text(font: sans, weight: 600, size: s, tracking: track(0.12em), fill: pal.dark, upper(b))
#let body-style(s, b) = { set par(leading: 0.62em, spacing: 0.9em); text(font: sans, weight: 400, size: s, fill: pal.on-dark, b) }

#let front(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.paper, {
  let (ox, oy, m) = (bl, bt, 0.6in)
  let split = oy + h * 0.62
  place(top + left, rect(width: 100%, height: split, fill: pal.dark))
  at(ox + w * 0.5, oy - w * 0.3, circle(radius: w * 0.32, fill: pal.accent))
  at(ox + w * 0.38, oy + w * 0.2, circle(radius: w * 0.08, fill: pal.mid))
  at(ox + m, split - 0.09in, rect(width: 1.6in, height: 0.18in, fill: pal.accent))
  let top = oy + w * 0.44
  let room = split - 0.5in - top
  at(ox + m, top, fit(title-style, book-title, title-words, w - 2 * m - 0.1in, room, title-max, 14pt, valign: bottom))
  if tagline != none {
    at(ox + m, split + 0.45in, fit(tag-style, tagline, (), w - 2 * m - 0.6in, h * 0.17, 16pt, 9pt))
  }
  at(ox + m, oy + h - m - 0.35in, fit(author-style, book-author, author-words, w - 2 * m, 0.35in, 14pt, 7pt, valign: bottom))
})

#let back(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.paper, {
  let (ox, oy, m) = (bl, bt, 0.6in)
  let split = oy + h * 0.62
  place(top + left, rect(width: 100%, height: split, fill: pal.dark))
  at(ox + m, oy + m, fit((s, b) => text(font: sans, weight: 700, size: s, fill: pal.accent-on-dark, b), book-title, title-words, w - 2 * m, 0.6in, 15pt, 9pt))
  let top = oy + m + 0.85in
  at(ox + m, top, fit(body-style, back-body, (), w - 2 * m, split - 0.45in - top, if back-is-blurb { 12pt } else { 17pt }, 6.5pt))
  at(ox + m, split - 0.09in, rect(width: 1.6in, height: 0.18in, fill: pal.accent))
  at(ox + m, oy + h - m - 0.3in, fit(author-style, book-author, author-words, w - 2 * m - 2.4in, 0.3in, 10pt, 6pt, valign: bottom))
})

#let spine(s, h, bt, bb) = spine-panel(s, h, bt, bb, pal.dark,
  (s, b) => text(font: sans, weight: 700, size: s, fill: pal.on-dark, b),
  (s, b) => text(font: sans, weight: 500, size: s, fill: pal.accent-on-dark, b))
`,

  // Playfair Display over Libertinus Serif, double frame and rules, everything centred on a deep ground.
  classic: `
#let title-style(s, b) = { set par(leading: 0.3em); text(font: display, weight: 700, size: s, fill: pal.on-dark, b) }
#let tag-style(s, b) = { set par(leading: 0.5em); text(font: serif, style: slant, size: s, fill: pal.on-dark, b) }
#let author-style(s, b) = text(font: serif, size: s, tracking: track(0.16em), fill: pal.accent-on-dark, upper(b))
#let body-style(s, b) = { set par(justify: true, leading: 0.6em, spacing: 0.85em, first-line-indent: 1.2em); text(font: serif, size: s, fill: pal.on-dark, b) }

#let front(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.dark, {
  let (ox, oy, i, m) = (bl, bt, 0.32in, 0.8in)
  at(ox + i, oy + i, rect(width: w - 2 * i, height: h - 2 * i, stroke: 1.5pt + pal.accent))
  at(ox + i + 0.08in, oy + i + 0.08in, rect(width: w - 2 * i - 0.16in, height: h - 2 * i - 0.16in, stroke: 0.5pt + pal.accent))
  at(ox, oy + 1.05in, box(width: w, align(center, ornament(pal.accent, width: 0.5in))))
  let room = h * 0.4
  at(ox + m, oy + 1.45in, fit(title-style, book-title, title-words, w - 2 * m, room, title-max, 14pt, alignment: center, valign: horizon))
  let below = oy + 1.45in + room + 0.3in
  at(ox, below, box(width: w, align(center, ornament(pal.accent))))
  if tagline != none {
    at(ox + m, below + 0.35in, fit(tag-style, tagline, (), w - 2 * m, h * 0.14, 15pt, 9pt, alignment: center))
  }
  at(ox + m, oy + h - 1.35in, fit(author-style, book-author, author-words, w - 2 * m, 0.45in, 16pt, 7pt, alignment: center, valign: horizon))
})

#let back(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.dark, {
  let (ox, oy, m) = (bl, bt, 0.8in)
  at(ox + 0.45in, oy + 0.45in, line(length: w - 0.9in, stroke: 1.5pt + pal.accent))
  at(ox + 0.45in, oy + 0.52in, line(length: w - 0.9in, stroke: 0.5pt + pal.accent))
  at(ox + m, oy + 0.8in, fit((s, b) => text(font: display, style: slant, size: s, fill: pal.accent-on-dark, b), book-title, title-words, w - 2 * m, 0.7in, 17pt, 9pt, alignment: center))
  at(ox, oy + 1.6in, box(width: w, align(center, ornament(pal.accent, width: 0.5in))))
  let top = oy + 1.95in
  let bottom = oy + h - 1.45in - 0.5in
  at(ox + m, top, fit(body-style, back-body, (), w - 2 * m, bottom - top, if back-is-blurb { 12.5pt } else { 17pt }, 6.5pt, alignment: if back-is-blurb { start } else { center }, valign: horizon))
  at(ox + 0.45in, bottom + 0.2in, line(length: w - 0.9in, stroke: 0.5pt + pal.accent))
})

#let spine(s, h, bt, bb) = spine-panel(s, h, bt, bb, pal.dark,
  (s, b) => text(font: display, weight: 700, size: s, fill: pal.on-dark, b),
  (s, b) => text(font: serif, size: s, tracking: track(0.08em), fill: pal.accent-on-dark, upper(b)))
`,

  // Light Inter on open paper: a hairline and one small accent square, wide margins.
  minimalist: `
#let title-style(s, b) = { set par(leading: 0.3em); text(font: sans, weight: 300, size: s, fill: pal.dark, b) }
#let tag-style(s, b) = { set par(leading: 0.55em); text(font: sans, weight: 300, size: s, fill: pal.mid-on-paper, b) }
#let author-style(s, b) = text(font: sans, weight: 400, size: s, tracking: track(0.28em), fill: pal.dark, upper(b))
#let body-style(s, b) = { set par(leading: 0.75em, spacing: 1.1em); text(font: sans, weight: 300, size: s, fill: pal.dark, b) }

#let front(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.paper, {
  let (ox, oy, m) = (bl, bt, 0.85in)
  at(ox + m, oy + h * 0.2, square(size: 0.16in, fill: pal.accent))
  let room = h * 0.36
  at(ox + m, oy + h * 0.2 + 0.45in, stack(spacing: 0.4in,
    fit(title-style, book-title, title-words, w - 2 * m, room, title-max, 12pt, fixed: false),
    if tagline != none { fit(tag-style, tagline, (), w - 2 * m - 0.4in, h * 0.14, 13pt, 8pt) } else { [] }))
  at(ox + m, oy + h - m - 0.45in, line(length: 0.8in, stroke: 0.5pt + pal.dark))
  at(ox + m, oy + h - m - 0.3in, fit(author-style, book-author, author-words, w - 2 * m, 0.3in, 10pt, 6pt, valign: bottom))
})

#let back(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.paper, {
  let (ox, oy, m) = (bl, bt, 0.85in)
  at(ox + m, oy + 1in, square(size: 0.12in, fill: pal.accent))
  let top = oy + 1.45in
  at(ox + m, top, fit(body-style, back-body, (), w - 2 * m - 0.5in, oy + h - 2.1in - top, if back-is-blurb { 10.5pt } else { 15pt }, 6pt))
  at(ox + m, oy + h - m - 0.3in, fit(author-style, book-author, author-words, w - 2 * m - 2.2in, 0.3in, 8pt, 5pt, valign: bottom))
})

#let spine(s, h, bt, bb) = spine-panel(s, h, bt, bb, pal.paper,
  (s, b) => text(font: sans, weight: 300, size: s, fill: pal.dark, b),
  (s, b) => text(font: sans, weight: 400, size: s, tracking: track(0.15em), fill: pal.mid-on-paper, upper(b)))
`,

  // Big, heavy Inter capitals on strong colour fields.
  bold: `
#let title-style(s, b) = { set par(leading: 0.12em); text(font: sans, weight: 900, size: s, tracking: track(-0.01em), fill: pal.on-strong, upper(b)) }
#let tag-style(s, b) = { set par(leading: 0.45em); text(font: sans, weight: 500, size: s, fill: pal.on-dark, b) }
#let author-style(s, b) = text(font: sans, weight: 800, size: s, tracking: track(0.06em), fill: pal.strong-on-dark, upper(b))
#let body-style(s, b) = { set par(leading: 0.62em, spacing: 0.9em); text(font: sans, weight: 500, size: s, fill: pal.on-dark, b) }

#let front(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.dark, {
  let (ox, oy, m) = (bl, bt, 0.5in)
  let split = oy + h * 0.66
  place(top + left, rect(width: 100%, height: split, fill: pal.strong))
  place(top + left, dy: split, rect(width: 100%, height: 0.2in, fill: pal.band))
  let room = split - 0.4in - (oy + m)
  at(ox + m, oy + m, fit(title-style, book-title, title-words, w - 2 * m, room, title-max, 16pt, valign: bottom))
  if tagline != none {
    at(ox + m, split + 0.55in, fit(tag-style, tagline, (), w - 2 * m, h * 0.12, 15pt, 9pt))
  }
  at(ox + m, oy + h - m - 0.5in, fit(author-style, book-author, author-words, w - 2 * m, 0.5in, 22pt, 8pt, valign: bottom))
})

#let back(w, h, bl, br, bt, bb) = panel(w, h, bl, br, bt, bb, pal.dark, {
  let (ox, oy, m) = (bl, bt, 0.5in)
  let split = oy + 1.6in
  place(top + left, rect(width: 100%, height: split, fill: pal.strong))
  place(top + left, dy: split, rect(width: 100%, height: 0.2in, fill: pal.band))
  at(ox + m, oy + m, fit(title-style, book-title, title-words, w - 2 * m, split - 0.25in - (oy + m), 26pt, 10pt, valign: bottom))
  let top = split + 0.6in
  at(ox + m, top, fit(body-style, back-body, (), w - 2 * m, oy + h - 1.45in - 0.4in - top, if back-is-blurb { 12pt } else { 18pt }, 6.5pt))
})

#let spine(s, h, bt, bb) = spine-panel(s, h, bt, bb, pal.strong,
  (s, b) => text(font: sans, weight: 900, size: s, fill: pal.on-strong, upper(b)),
  (s, b) => text(font: sans, weight: 600, size: s, fill: pal.on-strong, upper(b)))
`,
};
