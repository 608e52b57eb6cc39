/** The parts of the Google Maps JavaScript API this site uses. */
export type GoogleMapsApi = {
	Map: new (element: HTMLElement, options: Record<string, unknown>) => unknown
	Marker: new (options: Record<string, unknown>) => unknown
}

type MapsWindow = Window & { google?: { maps?: GoogleMapsApi }; __initGoogleMaps?: () => void }

let loading: Promise<GoogleMapsApi> | undefined

/** Loads the Maps script once per page, however many maps ask for it. */
export function loadGoogleMaps(apiKey: string): Promise<GoogleMapsApi> {
	loading ??= new Promise<GoogleMapsApi>((resolve, reject) => {
		const win: MapsWindow = window
		win.__initGoogleMaps = () => {
			const maps = win.google?.maps
			if (maps) resolve(maps)
			else reject(new Error('Google Maps did not load'))
		}
		const script = document.createElement('script')
		script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&callback=__initGoogleMaps&v=weekly`
		script.async = true
		script.onerror = () => {
			loading = undefined
			reject(new Error('Google Maps could not be reached'))
		}
		document.head.append(script)
	})
	return loading
}
