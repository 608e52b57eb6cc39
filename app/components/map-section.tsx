import { MapPin } from 'lucide-react'
import type { LatLng } from '~/domain/geo.ts'

type MapSectionProps = { name: string; geo: LatLng; mapsApiKey: string | null }

/** Where the city is; a link that opens the location in a maps site. */
export function MapSection({ name, geo }: MapSectionProps) {
	const query = encodeURIComponent(`${geo.lat},${geo.lng}`)
	return (
		<section aria-labelledby="map-title" className="container-page py-12">
			<h2 id="map-title" className="section-title">
				Delivering across {name}
			</h2>
			<div className="mt-6 flex min-h-48 flex-col items-center justify-center gap-4 rounded-2xl bg-gradient-to-br from-sage-100 to-sand-50 p-8 text-center ring-1 ring-stone-200">
				<MapPin aria-hidden="true" className="size-10 text-brand-700" />
				<p className="text-stone-700">
					{name}, Arizona · {geo.lat.toFixed(4)}, {geo.lng.toFixed(4)}
				</p>
				<a
					href={`https://www.google.com/maps/search/?api=1&query=${query}`}
					target="_blank"
					rel="noopener"
					className="btn-secondary"
				>
					Open {name} in Google Maps
				</a>
			</div>
		</section>
	)
}
