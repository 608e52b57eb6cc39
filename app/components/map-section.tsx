import { MapPin } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { LatLng } from '#app/domain/geo.ts'
import { fill } from '#app/words/locale.ts'
import { loadGoogleMaps } from '#app/components/google-maps.ts'
import { useMessages } from '#app/components/use-messages.ts'
import { useNearViewport } from '#app/components/use-near-viewport.ts'

type MapSectionProps = { name: string; geo: LatLng; mapsApiKey: string | null }

/**
 * The city on a map. With a Maps key the interactive map loads once the
 * section nears the viewport; without one (or if it fails) a static block
 * links to the location on a maps site.
 */
export function MapSection({ name, geo, mapsApiKey }: MapSectionProps) {
	const sectionRef = useRef<HTMLElement>(null)
	const mapRef = useRef<HTMLDivElement>(null)
	const near = useNearViewport(sectionRef)
	const [status, setStatus] = useState<'static' | 'loading' | 'ready'>('static')
	const words = useMessages().map
	const marker = fill(words.marker, { name })

	useEffect(() => {
		if (!mapsApiKey || !near || !mapRef.current) return
		let cancelled = false
		const element = mapRef.current
		setStatus('loading')
		loadGoogleMaps(mapsApiKey)
			.then((maps) => {
				if (cancelled) return
				const map = new maps.Map(element, {
					center: geo,
					zoom: 12,
					mapTypeControl: true,
					streetViewControl: true,
					zoomControl: true,
					fullscreenControl: true,
				})
				new maps.Marker({ map, position: geo, title: marker })
				setStatus('ready')
			})
			.catch(() => {
				if (!cancelled) setStatus('static')
			})
		return () => {
			cancelled = true
		}
	}, [mapsApiKey, near, geo, marker])

	const query = encodeURIComponent(`${geo.lat},${geo.lng}`)
	return (
		<section ref={sectionRef} aria-labelledby="map-title" className="container-page py-12">
			<h2 id="map-title" className="section-title">
				{fill(words.title, { name })}
			</h2>
			<div className="relative mt-6 h-80 overflow-hidden rounded-2xl ring-1 ring-stone-200">
				<div ref={mapRef} role="region" aria-label={fill(words.region, { name })} className={`absolute inset-0 ${status === 'ready' ? '' : 'invisible'}`} />
				{status === 'ready' ? null : (
					<div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-sage-100 to-sand-50 p-8 text-center">
						<MapPin aria-hidden="true" className="size-10 text-brand-700" />
						<p className="text-stone-700">{fill(words.place, { name, lat: geo.lat.toFixed(4), lng: geo.lng.toFixed(4) })}</p>
						<a href={`https://www.google.com/maps/search/?api=1&query=${query}`} target="_blank" rel="noopener" className="btn-secondary">
							{fill(words.open, { name })}
						</a>
					</div>
				)}
			</div>
		</section>
	)
}
