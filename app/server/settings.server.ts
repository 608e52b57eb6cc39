import { z } from 'zod'

const PLACEHOLDER_AFFILIATE_ID = 'AZFLOWERS'

// Any non-empty value: Florist One's API keys are 6-digit numbers and its passwords about 6 characters.
const optionalSecret = z.string().trim().min(1).max(512, 'must be at most 512 characters').optional()

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).transform((value) => value.replace(/\/+$/, ''))

/** One signed agent's public key, as AGENT_KEYS lists them. */
const agentKeysSchema = z
	.array(
		z.object({
			agent: z.string().regex(/^[\w.-]{1,60}$/, 'must be a name of letters, digits, ".", "_" or "-"'),
			jwk: z
				.looseObject({ kty: z.enum(['OKP', 'RSA'], 'must be an Ed25519 (OKP) or RSA public key') })
				.refine((jwk) => !('d' in jwk), 'must be the public key (it holds a private part, "d")'),
			callsPerMinute: z.number().int().min(1).max(1_000_000).optional(),
		}),
	)
	.max(100)

const settingsSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	SITE_NAME: z.string().trim().min(1, 'must not be empty').default('Arizona Flower Delivery'),
	SITE_URL: httpUrl.default('http://localhost:3000'),
	CONTACT_EMAIL: z.email('must be an email address').default('hello@example.com'),
	AFFILIATE_ID: z
		.string()
		.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or - (at most 64)')
		.optional(),
	PARTNER_BASE_URL: httpUrl.default('https://www.floristone.com'),
	FIRECRAWL_API_KEY: optionalSecret,
	FIRECRAWL_API_URL: httpUrl.default('https://api.firecrawl.dev'),
	FLORISTONE_API_KEY: optionalSecret,
	FLORISTONE_API_PASSWORD: optionalSecret,
	FLORISTONE_API_URL: httpUrl.default('https://www.floristone.com/api/rest'),
	BUSINESS_STREET_ADDRESS: z.string().trim().max(200).optional(),
	BUSINESS_CITY: z.string().trim().max(100).optional(),
	BUSINESS_POSTAL_CODE: z
		.string()
		.trim()
		.regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code')
		.optional(),
	GOOGLE_MAPS_API_KEY: z
		.string()
		.trim()
		.regex(/^[\w-]{10,100}$/, 'must look like a Maps API key')
		.optional(),
	DATABASE_PATH: z.string().trim().min(1).default('var/cache.sqlite'),
	/** Set: every table lives in this PostgreSQL database, shared by all instances; unset: the SQLite file. */
	DATABASE_URL: z
		.string()
		.trim()
		.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
		.optional(),
	CRAWL_DEADLINE_SECONDS: z.coerce.number('must be a number of seconds').int().min(1).max(600).default(60),
	CACHE_LOCK_LEASE_SECONDS: z.coerce.number('must be a number of seconds').int().min(1).max(3600).default(90),
	CRAWL_MAX_BYTES: z.coerce
		.number('must be a number of bytes')
		.int()
		.min(1024)
		.max(100 * 1024 * 1024)
		.default(2 * 1024 * 1024),
	API_RATE_LIMIT_PER_MINUTE: z.coerce.number('must be a number of requests').int('must be a whole number').min(1).max(1_000_000).default(60),
	/** Agents' tool calls per client address and minute (an agent platform calls from a few shared addresses). */
	MCP_CALLS_PER_MINUTE: z.coerce.number('must be a number of tool calls').int('must be a whole number').min(1).max(1_000_000).default(300),
	/** Agents' requests per minute from every address together, tool calls and connection steps alike: what bounds the CPU a crowd of agents can take. */
	MCP_CALLS_PER_MINUTE_TOTAL: z.coerce.number('must be a number of requests').int('must be a whole number').min(1).max(10_000_000).default(3000),
	/**
	 * Signed agents' public keys (HTTP Message Signatures, the Web Bot Auth profile): a JSON list of
	 * `{ "agent": "name", "jwk": { ... }, "callsPerMinute": 1200 }`. A request signed with one is budgeted
	 * as that agent, wherever it calls from (docs/agents.md).
	 */
	AGENT_KEYS: z
		.string()
		.trim()
		.optional()
		.transform((text, context) => {
			if (!text) return []
			let value: unknown
			try {
				value = JSON.parse(text)
			} catch {
				context.addIssue({ code: 'custom', message: 'must be a JSON list of { agent, jwk, callsPerMinute? }' })
				return z.NEVER
			}
			const keys = agentKeysSchema.safeParse(value)
			if (keys.success) return keys.data
			for (const issue of keys.error.issues) context.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` })
			return z.NEVER
		}),
	/** Agent operators whose published key directories (/.well-known/http-message-signatures-directory) the site reads: a comma-separated list of origins. */
	AGENT_KEY_DIRECTORIES: z
		.string()
		.trim()
		.optional()
		.transform((text, context) => {
			const origins: string[] = []
			for (const item of (text ?? '')
				.split(',')
				.map((part) => part.trim())
				.filter(Boolean)) {
				const url = URL.canParse(item) ? new URL(item) : undefined
				if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/+$/, ''))
					context.addIssue({ code: 'custom', message: `"${item}" must be an origin, such as https://agent.example` })
				else origins.push(url.origin)
			}
			return origins
		}),
	SHUTDOWN_DRAIN_SECONDS: z.coerce.number('must be a number of seconds').min(0).max(60).default(1),
	RENDER_CACHE_MAX_MB: z.coerce.number('must be a number of megabytes').int('must be a whole number of megabytes').min(0).max(4096).default(32),
	PORT: z.coerce.number('must be a port number').int('must be a port number').min(0).max(65535).default(3000),
	HOST: z.string().trim().min(1).default('0.0.0.0'),
})

/** Rules across settings, checked even when single values are bad so one message names everything. */
function crossProblems(env: Record<string, string | undefined>): string[] {
	const problems: string[] = []
	if (Boolean(env.FLORISTONE_API_KEY) !== Boolean(env.FLORISTONE_API_PASSWORD)) {
		const missing = env.FLORISTONE_API_KEY ? 'FLORISTONE_API_PASSWORD' : 'FLORISTONE_API_KEY'
		problems.push(`${missing}: FLORISTONE_API_KEY and FLORISTONE_API_PASSWORD must be set together`)
	}
	const deadline = Number(env.CRAWL_DEADLINE_SECONDS ?? 60)
	const lease = Number(env.CACHE_LOCK_LEASE_SECONDS ?? 90)
	if (Number.isFinite(deadline) && Number.isFinite(lease) && lease <= deadline) {
		problems.push('CACHE_LOCK_LEASE_SECONDS: must be longer than CRAWL_DEADLINE_SECONDS, or a slow crawl loses its lock')
	}
	// www. hosts are redirected to SITE_URL, so SITE_URL itself must not be a www. host.
	if (/^https?:\/\/www\./i.test(env.SITE_URL ?? '')) problems.push('SITE_URL: must not start with www. (www requests are redirected to the bare domain)')
	return problems
}

export type Settings = Omit<z.infer<typeof settingsSchema>, 'AFFILIATE_ID'> & {
	AFFILIATE_ID: string
	affiliateIdIsPlaceholder: boolean
	/** Why the affiliate id may earn nothing (unset, or not the number the partner issues), else undefined. */
	affiliateIdWarning: string | undefined
}

/** Florist One's affiliate ids are numbers; anything else keeps working but is worth a warning. */
function affiliateIdWarning(id: string | undefined): string | undefined {
	if (!id) return `AFFILIATE_ID is not set: partner links carry the placeholder id "${PLACEHOLDER_AFFILIATE_ID}" and earn no commission.`
	if (!/^\d+$/.test(id)) return `AFFILIATE_ID "${id}" is not a number: Florist One's affiliate ids are numbers, so check it against your affiliate account.`
	return undefined
}

/** Start-up stops with this error; its message names every bad setting. */
export class SettingsError extends Error {
	readonly problems: string[]
	constructor(problems: string[]) {
		super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
		this.name = 'SettingsError'
		this.problems = problems
	}
}

/** Parses the environment once. Empty strings count as unset. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
	const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''))
	const result = settingsSchema.safeParse(present)
	const problems = [...(result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? []), ...crossProblems(present)]
	if (!result.success || problems.length > 0) throw new SettingsError(problems)
	const { AFFILIATE_ID, ...rest } = result.data
	return {
		...rest,
		AFFILIATE_ID: AFFILIATE_ID ?? PLACEHOLDER_AFFILIATE_ID,
		affiliateIdIsPlaceholder: !AFFILIATE_ID,
		affiliateIdWarning: affiliateIdWarning(AFFILIATE_ID),
	}
}

/**
 * The only settings that may reach the browser. Everything else (crawl keys,
 * partner API credentials, paths) stays on the server.
 */
export function publicSettings(settings: Settings) {
	const {
		SITE_NAME,
		SITE_URL,
		CONTACT_EMAIL,
		AFFILIATE_ID,
		PARTNER_BASE_URL,
		GOOGLE_MAPS_API_KEY,
		BUSINESS_STREET_ADDRESS,
		BUSINESS_CITY,
		BUSINESS_POSTAL_CODE,
	} = settings
	return {
		siteName: SITE_NAME,
		siteUrl: SITE_URL,
		contactEmail: CONTACT_EMAIL,
		affiliateId: AFFILIATE_ID,
		partnerBaseUrl: PARTNER_BASE_URL,
		mapsApiKey: GOOGLE_MAPS_API_KEY ?? null,
		/** Published in the Organization record; a street only when the operator sets one. */
		businessAddress: { street: BUSINESS_STREET_ADDRESS ?? null, locality: BUSINESS_CITY ?? null, postalCode: BUSINESS_POSTAL_CODE ?? null },
	}
}

export type PublicSettings = ReturnType<typeof publicSettings>
