import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A rendered page compressed once, with a gap wherever its CSP nonce stood.
 *
 * Each part between two nonces is its own raw deflate stream ending on a byte
 * boundary (a sync flush), so no back-reference crosses a gap. A response
 * fills every gap with a stored (uncompressed) deflate block holding its own
 * nonce, wraps the parts in a gzip header and trailer, and so sends a fresh
 * nonce without compressing the page again. The trailer's CRC-32 is combined
 * from the parts' CRCs with precomputed linear operators, never recomputed
 * over the page.
 */
export type NonceTemplate = {
	/** Raw deflate streams: every one but the last ends with a sync flush, the last is final. */
	parts: Buffer[]
	/** CRC-32 of each part's text, and the operator that shifts a CRC past that many bytes. */
	crcs: number[]
	shifts: Uint32Array[]
	/** Bytes of text in each part. */
	lengths: number[]
	/** Compressed bytes held, for the cache's memory bound. */
	bytes: number
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])

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

const nonceShifts = new Map<number, Uint32Array>()
function nonceShift(length: number): Uint32Array {
	let columns = nonceShifts.get(length)
	if (!columns) {
		columns = shiftOperator(length)
		nonceShifts.set(length, columns)
	}
	return columns
}

/** Compresses a page split at its nonce: `segments` are the texts between nonces. */
export function compressTemplate(segments: readonly string[]): NonceTemplate {
	const parts: Buffer[] = []
	const crcs: number[] = []
	const shifts: Uint32Array[] = []
	const lengths: number[] = []
	segments.forEach((segment, index) => {
		const text = Buffer.from(segment, 'utf8')
		const last = index === segments.length - 1
		parts.push(deflateRawSync(text, { level: 9, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }))
		crcs.push(crc32(text))
		shifts.push(shiftOperator(text.length))
		lengths.push(text.length)
	})
	return { parts, crcs, shifts, lengths, bytes: parts.reduce((sum, part) => sum + part.length, 0) + shifts.length * 128 }
}

/** A stored deflate block (not final) holding `data`, which starts on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
	const block = Buffer.alloc(5 + data.length)
	block[0] = 0x00
	block.writeUInt16LE(data.length, 1)
	block.writeUInt16LE(~data.length & 0xffff, 3)
	data.copy(block, 5)
	return block
}

/** The page as a gzip body with `nonce` in every gap. */
export function gzipWithNonce(template: NonceTemplate, nonce: string): Buffer {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	const gap = storedBlock(nonceBytes)
	const nonceCrc = crc32(nonceBytes)
	const shiftPastNonce = nonceShift(nonceBytes.length)
	const chunks: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let size = 0
	template.parts.forEach((part, index) => {
		if (index > 0) {
			chunks.push(gap)
			crc = (applyShift(shiftPastNonce, crc) ^ nonceCrc) >>> 0
			size += nonceBytes.length
		}
		chunks.push(part)
		crc = index === 0 ? (template.crcs[0] ?? 0) : (applyShift(template.shifts[index] ?? new Uint32Array(32), crc) ^ (template.crcs[index] ?? 0)) >>> 0
		size += template.lengths[index] ?? 0
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	chunks.push(trailer)
	return Buffer.concat(chunks)
}

/** The page as plain text with `nonce` in every gap, for clients that take no gzip. */
export function textWithNonce(template: NonceTemplate, nonce: string): Buffer {
	const nonceBytes = Buffer.from(nonce, 'utf8')
	const chunks: Buffer[] = []
	template.parts.forEach((part, index) => {
		if (index > 0) chunks.push(nonceBytes)
		const last = index === template.parts.length - 1
		chunks.push(inflateRawSync(part, { finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }))
	})
	return Buffer.concat(chunks)
}
