import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '#app/domain/social-image.ts'

/** A shared link's picture as SVG: the site's mark and name, the page's title in up to three lines, a line under it. */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Words into lines of at most `perLine` characters (a word longer than a line stands alone). */
function wrap(text: string, perLine: number): string[] {
	const lines: string[] = []
	for (const word of text.split(/\s+/).filter(Boolean)) {
		const last = lines.at(-1)
		if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`
		else lines.push(word)
	}
	return lines
}

/** The characters of the line under the title that fit the picture's width at its size (DejaVu Sans, 30 px, from x = 80). */
const SUBTITLE_PER_LINE = 56

/**
 * The line under the title, in one line where it fits, else in two: broken at its ' · ' (the county,
 * then who delivers), or between words. A long Spanish line ("Condado de Coconino, Arizona · una
 * florería hace el viaje; pida un día antes") is never cut at the picture's edge.
 */
function subtitleLines(subtitle: string): string[] {
	if (subtitle.length <= SUBTITLE_PER_LINE) return [subtitle]
	const parts = subtitle.split(' · ')
	// Broken at the dot, the second part starts its own line, with a capital.
	const atDot = parts.map((part, index) => (index === 0 ? part : `${part.charAt(0).toUpperCase()}${part.slice(1)}`))
	const lines = parts.length === 2 && parts.every((part) => part.length <= SUBTITLE_PER_LINE) ? atDot : wrap(subtitle, SUBTITLE_PER_LINE)
	return lines.slice(0, 2)
}

/** The mark of the site (the header's flower), white on a rounded brand square. */
const MARK = `<rect width="24" height="24" rx="5" fill="#ffffff" fill-opacity="0.14"/><g transform="translate(3.6 3.6) scale(0.7)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 5a3 3 0 1 1 3 3m-3-3a3 3 0 1 0-3 3m3-3v1M9 8a3 3 0 1 0 3 3M9 8h1m5 0a3 3 0 1 1-3 3m3-3h-1m-2 3v-1"/><circle cx="12" cy="8" r="2"/><path d="M12 10v12"/><path d="M12 22c4.2 0 7-1.667 7-5-4.2 0-7 1.667-7 5Z"/><path d="M12 22c-4.2 0-7-1.667-7-5 4.2 0 7 1.667 7 5Z"/></g>`

export function socialImageSvg(input: { siteName: string; title: string; subtitle: string }): string {
	// Long titles get a smaller size so that they fit in three lines.
	const size = input.title.length > 60 ? 58 : 72
	const lines = wrap(input.title, size === 72 ? 24 : 30).slice(0, 3)
	const lineHeight = Math.round(size * 1.18)
	const top = 360 - ((lines.length - 1) * lineHeight) / 2
	const title = lines
		.map(
			(line, index) =>
				`<text x="80" y="${top + index * lineHeight}" font-family="DejaVu Serif, serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(line)}</text>`,
		)
		.join('')
	const under = subtitleLines(input.subtitle)
	const subtitle = under
		.map(
			(line, index) =>
				`<text x="80" y="${575 - (under.length - 1 - index) * 40}" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffe4ea">${escapeXml(line)}</text>`,
		)
		.join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a8123d"/><stop offset="1" stop-color="#5c0a22"/></linearGradient></defs>
<rect width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" fill="url(#bg)"/>
<circle cx="1090" cy="90" r="260" fill="#ffffff" fill-opacity="0.06"/><circle cx="1150" cy="560" r="180" fill="#ffffff" fill-opacity="0.05"/>
<g transform="translate(80 64) scale(3.5)">${MARK}</g>
<text x="178" y="128" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="34" fill="#ffffff">${escapeXml(input.siteName)}</text>
${title}
${subtitle}
</svg>`
}
