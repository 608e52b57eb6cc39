// No bundler features (subpath imports, which Node resolves itself): this module also runs inside a worker thread outside the bundle.
import { parse, type HTMLElement } from 'node-html-parser'
import type { Product } from '#app/domain/product.ts'

const MAX_PRODUCTS_PER_PAGE = 50
const PRICE_SCAN_DESCENDANTS = 40

const SKIP_IMAGE = /logo|icon|sprite|placeholder|thumb-?nav|nav[-_]?thumb|banner|hero|header/i
// The spec's product words; 'details?' also admits the partner's own detail.cfm product pages.
const PRODUCT_WORD = /product|item|sku|asp|details?|bouquet|arrangement|flowers|gift|plant|rose|lily|tulip|orchid/i
const DOLLARS = /\$\s?\d{1,4}(?:,\d{3})*(?:\.\d{2})?/
const TITLE_SELECTOR = 'h1, h2, h3, h4, h5, h6, [class*="title"], [class*="name"]'

/** Resolves a link or image address against the partner; only http(s) survives. */
function absoluteHttpUrl(raw: string | undefined, base: string): string | undefined {
	const value = raw?.trim()
	if (!value) return undefined
	try {
		const url = new URL(value, base)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined
	} catch {
		return undefined
	}
}

// A lazy image's stand-in: a data: URL, or a blank/spacer/1x1 gif, while the real one waits in data-src or srcset.
const PLACEHOLDER_IMAGE = /^data:|(?:blank|spacer|pixel|transparent|lazy|1x1|loading)[^/]*\.(?:gif|png|svg)(?:[?#]|$)/i

/** The largest candidate of a srcset ('a.jpg 300w, b.jpg 600w' -> b.jpg), or its first when none says a width. */
function fromSrcset(srcset: string | undefined): string | undefined {
	const candidates = (srcset ?? '')
		.split(/,\s+/)
		.map((entry) => entry.trim().split(/\s+/))
		.filter((parts): parts is [string, ...string[]] => Boolean(parts[0]))
		.map(([url, descriptor]) => ({ url, size: Number.parseFloat(descriptor ?? '') || 0 }))
	return candidates.sort((a, b) => b.size - a.size)[0]?.url
}

/**
 * The image's real address: `src` when it is a usable http(s) image, else the
 * lazy-loading attributes (`data-src`, `data-srcset`, `srcset`, and their kin).
 */
function imageSource(image: HTMLElement, base: string): string | undefined {
	const candidates = [
		image.getAttribute('src'),
		image.getAttribute('data-src'),
		image.getAttribute('data-lazy-src'),
		image.getAttribute('data-original'),
		fromSrcset(image.getAttribute('data-srcset')),
		fromSrcset(image.getAttribute('srcset')),
	]
	for (const candidate of candidates) {
		const value = candidate?.trim()
		if (!value || PLACEHOLDER_IMAGE.test(value)) continue
		const url = absoluteHttpUrl(value, base)
		if (url) return url
	}
	return undefined
}

/** Plain text, whitespace collapsed and length bounded: scraped text is never markup. */
function cleanText(text: string | undefined, max = 140): string | undefined {
	const cleaned = text?.replace(/\s+/g, ' ').trim()
	return cleaned ? cleaned.slice(0, max) : undefined
}

function findTitle(link: HTMLElement, image: HTMLElement): string {
	return (
		cleanText(image.getAttribute('alt')) ??
		cleanText(image.getAttribute('title')) ??
		cleanText(link.getAttribute('title')) ??
		cleanText(link.parentNode?.querySelector(TITLE_SELECTOR)?.text) ??
		'View Product'
	)
}

function priceIn(text: string | undefined): string | undefined {
	return text ? DOLLARS.exec(text)?.[0].replace(/\s/g, '') : undefined
}

/** A price-like element in the card, then the link's neighbours, then the card's first 40 descendants. */
function findPrice(link: HTMLElement): string | undefined {
	const card = link.parentNode
	if (!card) return undefined
	const priceElement = card.querySelector('[class*="price"], [itemprop="price"]')
	const fromPriceElement = priceIn(priceElement?.text)
	if (fromPriceElement) return fromPriceElement
	for (const sibling of [link.previousElementSibling, link.nextElementSibling]) {
		const price = priceIn(sibling?.text)
		if (price) return price
	}
	let scanned = 0
	const stack = [...card.childNodes]
	while (stack.length > 0 && scanned < PRICE_SCAN_DESCENDANTS) {
		const node = stack.shift()
		if (!node) break
		scanned += 1
		if (node.nodeType === 3) {
			const price = priceIn(node.text)
			if (price) return price
		} else stack.push(...node.childNodes)
	}
	return undefined
}

/**
 * Products from a partner listing page (SPEC §5 "Product extraction"): links
 * that contain an image, with a product-like address, no duplicates, no
 * logos or banners, at most 50.
 */
export function extractProducts(html: string, baseUrl: string, limit = MAX_PRODUCTS_PER_PAGE): Product[] {
	const root = parse(html, { comment: false, blockTextElements: { script: false, style: false, noscript: false } })
	const seen = new Set<string>()
	const products: Product[] = []
	for (const link of root.querySelectorAll('a')) {
		if (products.length >= limit) break
		const image = link.querySelector('img')
		if (!image) continue
		const href = link.getAttribute('href')
		if (!href || !href.trim()) continue
		const url = absoluteHttpUrl(href, baseUrl)
		if (!url || seen.has(url) || !PRODUCT_WORD.test(new URL(url).pathname + new URL(url).search)) continue
		const imageUrl = imageSource(image, baseUrl)
		if (!imageUrl || SKIP_IMAGE.test(imageUrl)) continue
		seen.add(url)
		const price = findPrice(link)
		products.push({ title: findTitle(link, image), image: imageUrl, url, ...(price ? { price } : {}) })
	}
	return products
}
