import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// Every route is known up front: no lazy /__manifest requests, which would
	// otherwise need an exemption from the trailing-slash redirect.
	routeDiscovery: { mode: 'initial' },
} satisfies Config
