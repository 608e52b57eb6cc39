import { Search } from 'lucide-react'

type CitySearchFormProps = {
	variant: 'header' | 'hero'
}

const copy = {
	header: { placeholder: 'Search by city...', label: 'Search by city' },
	hero: { placeholder: 'Enter your Arizona city (Phoenix, Tucson, Flagstaff...)', label: 'Your Arizona city' },
}

/**
 * City search as a plain GET form: /search/ redirects to the first matching
 * city, or to the partner's Arizona page, so it works before hydration too.
 */
export function CitySearchForm({ variant }: CitySearchFormProps) {
	const text = copy[variant]
	const hero = variant === 'hero'
	return (
		<form action="/search/" method="get" role="search" className={hero ? 'flex w-full flex-col gap-3 sm:flex-row' : 'relative w-64'}>
			<label htmlFor={`city-search-${variant}`} className="sr-only">
				{text.label}
			</label>
			<div className="relative flex-1">
				<Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
				<input
					id={`city-search-${variant}`}
					name="q"
					type="search"
					autoComplete="off"
					placeholder={text.placeholder}
					className={
						hero
							? 'h-13 w-full rounded-full border border-stone-300 bg-white pr-4 pl-10 text-base shadow-sm placeholder:text-stone-500'
							: 'h-10 w-full rounded-full border border-stone-300 bg-white pr-3 pl-9 text-sm placeholder:text-stone-500'
					}
				/>
			</div>
			{hero ? (
				<button type="submit" className="btn-primary h-13 px-7 text-base">
					Find Florists
				</button>
			) : null}
		</form>
	)
}
