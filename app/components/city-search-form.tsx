import { MapPin, Search } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { findCities } from '#app/domain/city-name-match.ts'
import { listShows, nextActive, submitChoice, suggestionPath, suggestionsFor, type ServerSuggestion, type Suggestion } from '#app/domain/city-suggestions.ts'
import { fill } from '#app/words/locale.ts'
import { localPath } from '#app/domain/paths.ts'
import { ZIP_PATTERN, type ZipAnswer } from '#app/domain/zip-search.ts'
import type { SearchMessages } from '#app/words/search-box-words.server.ts'
import type { CityLink } from '#app/root-data.ts'
import { PARTNER_LINK_REL } from '#app/components/partner-link.tsx'
import { useLang, useMessages } from '#app/components/use-messages.ts'

type CitySearchFormProps = {
	variant: 'header' | 'hero'
	cities: readonly CityLink[]
	/** The partner's Arizona page, for empty or unmatched searches. */
	partnerUrl: string
	siteName: string
}

/**
 * The search rule's steps in the server's order: the cities the text names (`findCities`), at once;
 * when none does, what the server's search answers (GET /api/search: an Arizona place without a
 * page, a town among other words, an occasion, arrangements, a typo of a town), which is what Enter
 * opens, so the list and Enter always agree.
 */
function useCityMatches(cities: readonly CityLink[], query: string, active: boolean): { cities: CityLink[]; answer?: ServerSuggestion; pending: boolean } {
	const lang = useLang()
	// A Spanish page's box reads Spanish as its search page does: "flores en nogales" names Nogales.
	const byName = useMemo(() => findCities(cities, query, lang), [cities, query, lang])
	const askText = active && byName.cities.length === 0 && query.trim().length >= 2 ? query.trim() : ''
	const answer = useSearchAnswer(askText, lang)
	return useMemo(() => ({ cities: byName.cities, answer: answer ?? undefined, pending: askText !== '' && answer === undefined }), [byName, answer, askText])
}

/** What the server's search answers for a text, asked once per text: undefined until it answers, null for nothing. */
function useSearchAnswer(text: string, lang: string): ServerSuggestion | null | undefined {
	const [answers, setAnswers] = useState<Record<string, ServerSuggestion | null>>({})
	const known = text ? answers[text] : undefined
	useEffect(() => {
		if (!text || known !== undefined) return
		const controller = new AbortController()
		// A short pause, so a fast typist asks once for the word, not once per letter.
		const timer = setTimeout(() => {
			fetch(`/api/search?q=${encodeURIComponent(text)}&lang=${lang}`, { signal: controller.signal })
				.then((response) => (response.ok ? (response.json() as Promise<{ suggestion: ServerSuggestion | null }>) : { suggestion: null }))
				.then(({ suggestion }) => setAnswers((all) => ({ ...all, [text]: suggestion })))
				.catch(() => undefined)
		}, 120)
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [text, known, lang])
	return known
}

/** What the list suggests for the text typed: the city that serves a ZIP code, or the place or cities the text names. */
function useSuggestions(cities: readonly CityLink[], query: string) {
	const words = useMessages().search.suggestion
	const trimmed = query.trim()
	const zipQuery = ZIP_PATTERN.test(trimmed)
	const zip = useZipAnswer(zipQuery ? trimmed : '')
	const named = useCityMatches(cities, query, !zipQuery)
	const matches: Suggestion[] = useMemo(() => suggestionsFor(zipQuery, named, zip, words), [named, zipQuery, zip, words])
	return { trimmed, zipQuery, zip, matches, pending: named.pending }
}

/** Where the site sends a typed ZIP code, asked of the server once per ZIP (undefined until it answers). */
function useZipAnswer(zip: string): ZipAnswer | undefined {
	const [answers, setAnswers] = useState<Record<string, ZipAnswer>>({})
	useEffect(() => {
		if (!zip || answers[zip]) return
		const controller = new AbortController()
		fetch(`/api/zip-codes?zip=${zip}`, { signal: controller.signal })
			.then((response) => (response.ok ? (response.json() as Promise<ZipAnswer>) : undefined))
			.then((answer) => {
				if (answer) setAnswers((known) => ({ ...known, [zip]: answer }))
			})
			.catch(() => undefined)
		return () => controller.abort()
	}, [zip, answers])
	return zip ? answers[zip] : undefined
}

/**
 * On a touch screen, the hero box focused low on the screen moves up below the fixed header: the keyboard
 * about to open would cover the suggestions below it, and the list drawn at the screen's foot makes
 * the phone repaint the whole area at the first key that moves through it.
 */
function bringUpOnPhone(form: HTMLFormElement | null) {
	if (!form || !window.matchMedia('(pointer: coarse)').matches) return
	if (form.getBoundingClientRect().top > window.innerHeight * 0.4) form.scrollIntoView({ block: 'start', behavior: 'instant' })
}

/** The words of one search box: the header's or the hero's. */
type Copy = SearchMessages['header']

/** One suggestion in the list: a click opens it, the pointer over it makes it active. */
function SuggestionOption({
	id,
	suggestion,
	active,
	hero,
	onChoose,
	onHover,
}: {
	id: string
	suggestion: Suggestion
	active: boolean
	hero: boolean
	onChoose: () => void
	onHover: () => void
}) {
	const words = useMessages().search
	return (
		<li
			id={id}
			role="option"
			aria-selected={active}
			onMouseDown={(event) => event.preventDefault()}
			onClick={onChoose}
			onMouseMove={onHover}
			className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-2.5 text-left text-sm ${active ? 'bg-brand-50 text-brand-800' : 'text-stone-800'}`}
		>
			<span className="flex items-center gap-2">
				<MapPin aria-hidden="true" className="size-4 text-brand-700" />
				{suggestion.name}
				{suggestion.detail ? <span className="text-xs text-stone-600">{suggestion.detail}</span> : null}
			</span>
			{hero ? <span className="text-xs font-semibold text-brand-700">{words.findFlorists}</span> : null}
		</li>
	)
}

/** The text field and its label, the combobox that owns the list of suggestions. */
function SearchField(props: {
	id: string
	text: Copy
	hero: boolean
	expanded: boolean
	activeId: string | undefined
	query: string
	onType: (typed: string) => void
	onFocus: () => void
	onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => void
}) {
	const { id, text, hero } = props
	return (
		<>
			<label htmlFor={`${id}-input`} className="sr-only">
				{text.label}
			</label>
			<Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
			<input
				id={`${id}-input`}
				name="q"
				type="text"
				role="combobox"
				aria-autocomplete="list"
				aria-expanded={props.expanded}
				aria-controls={`${id}-list`}
				aria-activedescendant={props.activeId}
				autoComplete="off"
				spellCheck={false}
				placeholder={text.placeholder}
				value={props.query}
				onChange={(event) => props.onType(event.target.value)}
				onFocus={props.onFocus}
				onKeyDown={props.onKeyDown}
				className={
					hero
						? 'h-13 w-full rounded-full border border-stone-300 bg-white pr-4 pl-10 text-base shadow-sm placeholder:text-stone-500'
						: 'h-10 w-full rounded-full border border-stone-300 bg-white pr-3 pl-9 text-sm placeholder:text-stone-500'
				}
			/>
		</>
	)
}

/** The list of suggestions under the box, hidden unless `show`; `children` says there are none. */
function SuggestionList(props: {
	id: string
	label: string
	show: boolean
	hero: boolean
	matches: readonly Suggestion[]
	active: number
	onChoose: (suggestion: Suggestion) => void
	onHover: (index: number) => void
	children: React.ReactNode
}) {
	const { id, show, matches, active } = props
	const words = useMessages().search
	return (
		<div className={`absolute inset-x-0 top-full z-50 mt-2 rounded-2xl border border-stone-200 bg-white shadow-lg ${show ? '' : 'hidden'}`}>
			<ul id={`${id}-list`} role="listbox" aria-label={fill(words.suggestions, { label: props.label })} className="max-h-80 overflow-y-auto py-2">
				{show
					? matches.map((city, index) => (
							<SuggestionOption
								key={city.slug}
								id={`${id}-option-${index}`}
								suggestion={city}
								active={index === active}
								hero={props.hero}
								onChoose={() => props.onChoose(city)}
								onHover={() => props.onHover(index)}
							/>
						))
					: null}
			</ul>
			{props.children}
		</div>
	)
}

/** Nothing to suggest: what was not found, what to try, and the partner's page for anywhere in Arizona. */
function NoMatch({ text, typed, zip, partnerUrl, siteName }: { text: Copy; typed: string; zip: ZipAnswer | undefined; partnerUrl: string; siteName: string }) {
	const words = useMessages().search
	return (
		<div className="px-4 pb-4 text-sm" role="status">
			<p className="font-semibold text-stone-900">{zip?.kind === 'outside' ? fill(words.outside, { zip: zip.zip }) : fill(text.noMatch, { text: typed })}</p>
			<p className="mt-1 text-stone-600">{zip?.kind === 'outside' ? words.outsideHint : text.hint}</p>
			<a href={partnerUrl} target="_blank" rel={PARTNER_LINK_REL} className="mt-2 inline-block font-semibold text-brand-700 underline">
				{fill(text.link, { site: siteName })}
			</a>
		</div>
	)
}

/**
 * City search following the WAI-ARIA combobox pattern (list autocomplete):
 * arrow keys move through suggestions, Enter opens the active one or the first
 * match, Escape closes the list. It is a plain GET form underneath, so before
 * hydration /search/ does the same redirect on the server.
 */
export function CitySearchForm({ variant, cities, partnerUrl, siteName }: CitySearchFormProps) {
	const words = useMessages().search
	const lang = useLang()
	const text = words[variant]
	const hero = variant === 'hero'
	const id = useId()
	const navigate = useNavigate()
	const rootRef = useRef<HTMLFormElement>(null)
	const [query, setQuery] = useState('')
	const [open, setOpen] = useState(false)
	const [active, setActive] = useState(-1)
	const { trimmed, zipQuery, zip, matches, pending } = useSuggestions(cities, query)
	const showList = listShows({ open, text: trimmed, zipQuery, zipAnswered: zip !== undefined, matches: matches.length, pending })

	function go(choice: Suggestion) {
		setOpen(false)
		void navigate(suggestionPath(choice, lang))
	}

	function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
		const { key } = event
		if (key === 'ArrowDown' || key === 'ArrowUp') {
			event.preventDefault()
			setOpen(true)
			if (matches.length === 0) return
			setActive((current) => nextActive(current, key, matches.length))
		} else if (key === 'Escape') {
			setOpen(false)
			setActive(-1)
		}
	}

	function onSubmit(event: React.FormEvent<HTMLFormElement>) {
		// Anything the list cannot answer goes to /search/ as typed, whose rule is the whole of this one:
		// a ZIP code (the server knows every Arizona ZIP), a ZIP inside the text, a typo, or nothing
		// found (the partner's Arizona page, as the SPEC says).
		const choice = submitChoice(matches, active, zipQuery)
		if (!choice) return
		event.preventDefault()
		go(choice)
	}

	function onBlur(event: React.FocusEvent<HTMLFormElement>) {
		if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false)
	}

	const activeId = showList && active >= 0 && matches[active] ? `${id}-option-${active}` : undefined
	return (
		<form
			ref={rootRef}
			action={localPath(lang, '/search')}
			method="get"
			role="search"
			aria-label={text.form}
			onSubmit={onSubmit}
			onBlur={onBlur}
			className={hero ? 'relative flex w-full scroll-mt-32 flex-col gap-3 sm:flex-row' : 'relative w-64'}
		>
			<div className="relative flex-1">
				<SearchField
					id={id}
					text={text}
					hero={hero}
					expanded={showList}
					activeId={activeId}
					query={query}
					onType={(typed) => {
						setQuery(typed)
						setActive(-1)
						setOpen(true)
					}}
					onFocus={() => {
						setOpen(true)
						if (hero) bringUpOnPhone(rootRef.current)
					}}
					onKeyDown={onKeyDown}
				/>
				<SuggestionList id={id} label={text.label} show={showList} hero={hero} matches={matches} active={active} onChoose={go} onHover={setActive}>
					{showList && matches.length === 0 ? <NoMatch text={text} typed={trimmed} zip={zip} partnerUrl={partnerUrl} siteName={siteName} /> : null}
				</SuggestionList>
			</div>
			{hero ? (
				<button type="submit" className="btn-primary h-13 px-7 text-base">
					{words.findFlorists}
				</button>
			) : (
				<button
					type="submit"
					className="sr-only rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:inset-y-1 focus:right-1"
				>
					{words.submit}
				</button>
			)}
		</form>
	)
}
