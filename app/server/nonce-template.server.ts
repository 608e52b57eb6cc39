import { randomBytes } from 'node:crypto'
import type { Transform } from 'node:stream'
import { brotliDecompressSync, constants, crc32, createBrotliCompress, createDeflateRaw, gunzipSync, inflateRawSync } from 'node:zlib'

/**
 * A rendered page compressed once, gzip and brotli, with a gap wherever its
 * CSP nonce stood, so each response gets its own nonce without the page
 * being compressed again.
 *
 * The page is compressed as one stream, with a random stand-in of the
 * nonce's length where each nonce goes, and the stream is flushed on both
 * edges of every stand-in, so its encoding is a run of whole blocks. A
 * response swaps each of those runs for an uncompressed block holding its
 * nonce: every later position, and (for brotli) the two bytes before each
 * later block, stay exactly as the encoder saw them, since a 16-byte base64
 * nonce always has 24 characters and ends in "==". The stand-ins are random,
 * so nothing else refers to them; each stream is checked by decoding it with
 * other nonces, and a stream that fails is not kept.
 *
 * gzip's CRC-32 trailer is combined from the parts' CRCs with precomputed
 * linear operators, never recomputed over the page.
 */
export type NonceTemplate = {
	/** Raw deflate sections between the gaps; the last one is final. */
	deflate: Buffer[]
	/** CRC-32 of each part's text, and the operator that shifts a CRC past that many bytes. */
	crcs: number[]
	shifts: Uint32Array[]
	/** Bytes of text in each part. */
	lengths: number[]
	/** Brotli sections between the gaps (the first carries the stream header), when they checked out. */
	brotli?: Buffer[]
	/** Compressed bytes held, for the cache's memory bound. */
	bytes: number
}

/** The nonces this template can carry: 16 random bytes in base64. */
export const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}==$/

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])

function standIn(): string {
	return `${randomBytes(16).toString('base64').slice(0, 22)}==`
}

/**
 * The linear map L with crc32(zeros(length), c) = L(c) ^ crc32(zeros(length), 0),
 * as its 32 columns. Because CRC-32 is affine in its initial value,
 * crc32(A + B) = L_len(B)(crc32(A)) ^ crc32(B).
 */
function shiftOperator(length: number): Uint32Array {
	const zeros = Buffer.alloc(length)
	const base = crc32(zeros, 0)
	const columns = new Uint32Array(32)
	for (let bit = 0; bit < 32; bit += 1) columns[bit] = (crc32(zeros, (1 << bit) >>> 0) ^ base) >>> 0
	return columns
}

function applyShift(columns: Uint32Array, value: number): number {
	let result = 0
	let rest = value >>> 0
	for (let bit = 0; rest !== 0; bit += 1, rest >>>= 1) {
		if (rest & 1) result ^= columns[bit] ?? 0
	}
	return result >>> 0
}

const NONCE_SHIFT = shiftOperator(24)

/** A stored deflate block (not final) holding `data`, starting on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
	const block = Buffer.alloc(5 + data.length)
	block.writeUInt16LE(data.length, 1)
	block.writeUInt16LE(~data.length & 0xffff, 3)
	data.copy(block, 5)
	return block
}

/** An uncompressed brotli meta-block (not the last) holding 1 to 65,536 bytes. */
function uncompressedMetaBlock(data: Buffer): Buffer {
	// Bits, least significant first: ISLAST 0, MNIBBLES 4 (coded 0, 2 bits), MLEN-1 (16 bits), ISUNCOMPRESSED 1, padding.
	const header = ((data.length - 1) << 3) | (1 << 19)
	return Buffer.concat([Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), data])
}

/** Compresses `texts` as one stream, flushed after each text but the last; returns each text's section. */
async function sections(encoder: Transform, flush: (done: () => void) => void, texts: readonly Buffer[]): Promise<Buffer[]> {
	const chunks: Buffer[] = []
	encoder.on('data', (chunk: Buffer) => chunks.push(chunk))
	const ended = new Promise<void>((resolve, reject) => {
		encoder.once('end', resolve)
		encoder.once('error', reject)
	})
	const result: Buffer[] = []
	for (const [index, text] of texts.entries()) {
		encoder.write(text)
		if (index === texts.length - 1) break
		await new Promise<void>((resolve) => flush(resolve))
		// Output pushed during the flush reaches 'data' by the next turn.
		await new Promise((resolve) => setImmediate(resolve))
		result.push(Buffer.concat(chunks.splice(0)))
	}
	encoder.end()
	await ended
	result.push(Buffer.concat(chunks.splice(0)))
	return result
}

/** Every other section: the page's own, without the stand-ins' encodings. */
function pageSections(all: readonly Buffer[]): Buffer[] {
	return all.filter((_, index) => index % 2 === 0)
}

function withStandIns(segments: readonly string[]): Buffer[] {
	return segments.flatMap((segment, index) => (index === 0 ? [Buffer.from(segment)] : [Buffer.from(standIn()), Buffer.from(segment)]))
}

function decodesTo(decode: () => Buffer, expected: string): boolean {
	try {
		return decode().toString('utf8') === expected
	} catch {
		return false
	}
}

/** Up to three tries with fresh stand-ins; a stream that never checks out is left out. */
async function build(segments: readonly string[], compress: (texts: Buffer[]) => Promise<Buffer[]>, check: (parts: Buffer[], nonce: string) => boolean) {
	for (let attempt = 0; attempt < 3; attempt += 1) {
		const parts = pageSections(await compress(withStandIns(segments)))
		if ([standIn(), standIn()].every((nonce) => check(parts, nonce))) return parts
	}
	return undefined
}

/**
 * Compresses a page split at its nonce (`segments` are the texts between
 * nonces). Throws if even gzip cannot be built, which a sound zlib never does.
 */
export async function compressTemplate(segments: readonly string[]): Promise<NonceTemplate> {
	const texts = segments.map((segment) => Buffer.from(segment, 'utf8'))
	const base = {
		crcs: texts.map((text) => crc32(text)),
		shifts: texts.map((text) => shiftOperator(text.length)),
		lengths: texts.map((text) => text.length),
	}
	const deflate = await build(
		segments,
		(all) => {
			const encoder = createDeflateRaw({ level: 9, memLevel: 9 })
			return sections(encoder, (done) => encoder.flush(constants.Z_SYNC_FLUSH, done), all)
		},
		(parts, nonce) => decodesTo(() => gunzipSync(gzipWithNonce({ deflate: parts, ...base, bytes: 0 }, nonce)), segments.join(nonce)),
	)
	if (!deflate) throw new Error('The page could not be compressed')
	const total = texts.reduce((sum, text) => sum + text.length, 0)
	const brotli = await build(
		segments,
		(all) => {
			const encoder = createBrotliCompress({
				params: {
					[constants.BROTLI_PARAM_QUALITY]: 11,
					[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
					[constants.BROTLI_PARAM_SIZE_HINT]: total + 24 * (segments.length - 1),
				},
			})
			return sections(encoder, (done) => encoder.flush(constants.BROTLI_OPERATION_FLUSH, done), all)
		},
		(parts, nonce) => decodesTo(() => brotliDecompressSync(brotliWithNonce(parts, nonce)), segments.join(nonce)),
	)
	const size = (parts: readonly Buffer[] = []) => parts.reduce((sum, part) => sum + part.length, 0)
	return { deflate, brotli, ...base, bytes: size(deflate) + size(brotli) + base.shifts.length * 128 }
}

/** The page as a gzip body with `nonce` in every gap. */
export function gzipWithNonce(template: NonceTemplate, nonce: string): Buffer {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	const gap = storedBlock(nonceBytes)
	const nonceCrc = crc32(nonceBytes)
	const shiftPastNonce = nonceBytes.length === 24 ? NONCE_SHIFT : shiftOperator(nonceBytes.length)
	const chunks: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let size = 0
	template.deflate.forEach((part, index) => {
		if (index > 0) {
			chunks.push(gap)
			crc = (applyShift(shiftPastNonce, crc) ^ nonceCrc) >>> 0
			size += nonceBytes.length
		}
		chunks.push(part)
		const partCrc = template.crcs[index] ?? 0
		crc = index === 0 ? partCrc : (applyShift(template.shifts[index] ?? new Uint32Array(32), crc) ^ partCrc) >>> 0
		size += template.lengths[index] ?? 0
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	chunks.push(trailer)
	return Buffer.concat(chunks)
}

/** The page as a brotli body with `nonce` in every gap. */
export function brotliWithNonce(parts: readonly Buffer[], nonce: string): Buffer {
	const gap = uncompressedMetaBlock(Buffer.from(nonce, 'utf8'))
	const chunks: Buffer[] = []
	parts.forEach((part, index) => {
		if (index > 0) chunks.push(gap)
		chunks.push(part)
	})
	return Buffer.concat(chunks)
}

/** The page as plain text with `nonce` in every gap, for clients that take neither. */
export function textWithNonce(template: NonceTemplate, nonce: string): Buffer {
	const gzip = gzipWithNonce(template, nonce)
	return inflateRawSync(gzip.subarray(GZIP_HEADER.length, gzip.length - 8))
}
