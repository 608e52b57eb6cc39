import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// A second build elsewhere (the secrets test builds one with secret settings set) leaves build/ alone.
	buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY || 'build',
	// The first load knows only the routes of its own page: with all 24 routes (14 of them files and
	// APIs) the router's start-up flattened, ranked and matched every one in the phone's longest task.
	// Links on the page are looked up after hydration with one /__manifest request,
	// which the trailing-slash redirect leaves alone.
	routeDiscovery: { mode: 'lazy' },
} satisfies Config
