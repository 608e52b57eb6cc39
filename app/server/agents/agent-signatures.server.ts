import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, helpers, jwkToKeyID, verify, type Verify } from 'web-bot-auth'
import { verifierFromJWK } from 'web-bot-auth/crypto'
import { log } from '#app/server/log.server.ts'

/** A signed agent's key as the operator lists it (AGENT_KEYS). */
export type AgentKeySetting = { agent: string; jwk: Record<string, unknown>; callsPerMinute?: number | undefined }

/**
 * What a request's HTTP message signature says of its sender:
 * - `unsigned`: no signature, or one by a key this site does not know; the address decides, and
 *   nothing in the headers is trusted;
 * - `verified`: signed by a known agent's key, over this request, and current;
 * - `forged`: a known key's signature that does not verify, has expired, or covers too little.
 */
export type SignatureVerdict =
	{ kind: 'unsigned' } | { kind: 'verified'; agent: string; callsPerMinute: number | undefined } | { kind: 'forged'; reason: string }

/** The parts of a request a signature covers. */
export type SignedRequest = { method: string; url: string; headers: Headers }

type KnownKey = { agent: string; callsPerMinute: number | undefined; check: Verify<void>; directory?: string }

/** How long a key directory read is used; a directory that could not be read is tried again after the shorter time. */
const DIRECTORY_FRESH_MS = 60 * 60_000
const DIRECTORY_RETRY_MS = 5 * 60_000
const DIRECTORY_TIMEOUT_MS = 3_000
const DIRECTORY_MAX_BYTES = 64 * 1024

/** The key id of a JWK as Web Bot Auth names it: its RFC 7638 thumbprint, base64url. */
const keyIdOf = (jwk: Record<string, unknown>) => jwkToKeyID(jwk as JsonWebKey, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE)

/** The origin a Signature-Agent header names ('"https://agent.example"', or a dictionary's first member), if any. */
function agentOrigin(header: string | null): string | undefined {
	const quoted = header && /"([^"]+)"/.exec(header)?.[1]
	if (!quoted || !URL.canParse(quoted)) return undefined
	return new URL(quoted).origin
}

/** The components a Signature-Input's first signature covers ('"@authority" "signature-agent"'), and its key id. */
function signatureInputOf(input: string): { components: string[]; keyid: string | undefined } {
	return {
		components: [...(/^[^=]+=\(([^)]*)\)/.exec(input)?.[1]?.match(/"[^"]+"/g) ?? [])],
		keyid: /;\s*keyid="([^"]+)"/.exec(input)?.[1],
	}
}

/**
 * Verifies HTTP Message Signatures (RFC 9421) in the Web Bot Auth profile with the `web-bot-auth`
 * library: the operator's keys (AGENT_KEYS), and the keys of the agent operators whose directories
 * it names (AGENT_KEY_DIRECTORIES), read in the background the first time one of their agents
 * calls and kept an hour. A signature must cover the request's authority (and the Signature-Agent
 * header when one is sent), carry `created` and `expires`, and be current.
 */
export function createSignatureVerifier(
	{ keys, directories }: { keys: readonly AgentKeySetting[]; directories: readonly string[] },
	fetchDirectory: typeof fetch = fetch,
) {
	const known = new Map<string, KnownKey>()
	const loaded = Promise.all(
		keys.map(async ({ agent, jwk, callsPerMinute }) => {
			known.set(await keyIdOf(jwk), { agent, callsPerMinute, check: await verifierFromJWK(jwk as JsonWebKey) })
		}),
	)
	const read = new Map<string, number>()

	async function readDirectory(origin: string) {
		read.set(origin, Date.now() + DIRECTORY_RETRY_MS)
		try {
			const response = await fetchDirectory(`${origin}${HTTP_MESSAGE_SIGNATURES_DIRECTORY}`, {
				headers: { accept: 'application/http-message-signatures-directory+json, application/json' },
				redirect: 'error',
				signal: AbortSignal.timeout(DIRECTORY_TIMEOUT_MS),
			})
			const text = await response.text()
			if (!response.ok || text.length > DIRECTORY_MAX_BYTES) throw new Error(`HTTP ${response.status}, ${text.length} characters`)
			const listed = (JSON.parse(text) as { keys?: unknown }).keys
			if (!Array.isArray(listed)) throw new Error('no "keys" list')
			for (const [id, key] of known) if (key.directory === origin) known.delete(id)
			const agent = new URL(origin).host
			for (const jwk of listed.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !('d' in item))) {
				try {
					known.set(await keyIdOf(jwk), { agent, callsPerMinute: undefined, check: await verifierFromJWK(jwk as JsonWebKey), directory: origin })
				} catch {
					// A key of a kind this site cannot check is left out; the directory's others still count.
				}
			}
			read.set(origin, Date.now() + DIRECTORY_FRESH_MS)
			log.info({ directory: origin, keys: listed.length }, 'Read an agent key directory')
		} catch (error) {
			log.warn(
				{ directory: origin, err: error instanceof Error ? error.message : String(error) },
				'Agent key directory unreadable; its agents count by address',
			)
		}
	}

	return {
		/** Whether any key or directory is configured: without, a signature is never read. */
		enabled: keys.length > 0 || directories.length > 0,
		async check(request: SignedRequest): Promise<SignatureVerdict> {
			const input = request.headers.get('signature-input')
			const signature = request.headers.get('signature')
			if (!input && !signature) return { kind: 'unsigned' }
			await loaded
			const { components, keyid } = signatureInputOf(input ?? '')
			const origin = agentOrigin(request.headers.get('signature-agent'))
			if (origin && directories.includes(origin) && (read.get(origin) ?? 0) < Date.now()) void readDirectory(origin)
			const key = keyid ? known.get(keyid) : undefined
			if (!key) return { kind: 'unsigned' }
			if (!input || !signature) return { kind: 'forged', reason: 'Signature and Signature-Input go together' }
			if (!/;\s*created=\d+/.test(input) || !/;\s*expires=\d+/.test(input))
				return { kind: 'forged', reason: 'the signature must carry "created" and "expires"' }
			if (!components.includes('"@authority"')) return { kind: 'forged', reason: 'the signature must cover "@authority"' }
			if (request.headers.has('signature-agent') && !components.includes('"signature-agent"'))
				return { kind: 'forged', reason: 'the signature must cover the Signature-Agent header it comes with' }
			if (key.directory && key.directory !== origin) return { kind: 'forged', reason: 'the key belongs to another agent’s directory' }
			try {
				await verify(request, (data, bytes, params) => {
					if (params.keyid !== keyid) throw new Error('the signature names another key')
					return key.check(data, bytes, params)
				})
				return { kind: 'verified', agent: key.agent, callsPerMinute: key.callsPerMinute }
			} catch (error) {
				return { kind: 'forged', reason: error instanceof Error ? error.message : 'it does not verify' }
			}
		},
	}
}

export type SignatureVerifier = ReturnType<typeof createSignatureVerifier>
