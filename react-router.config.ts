import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// A second build elsewhere (the secrets test builds one with secret settings set) leaves build/ alone.
	buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY || 'build',
	// Every route is known up front: no lazy /__manifest requests, which would
	// otherwise need an exemption from the trailing-slash redirect.
	routeDiscovery: { mode: 'initial' },
} satisfies Config
