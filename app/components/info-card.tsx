/**
 * A titled card of what a sender should know: its paragraphs, then its named places, each with a
 * note (a city's hospitals, a category's guidance).
 */
export function InfoCard({
	id,
	title,
	paragraphs,
	items = [],
	children,
}: {
	id?: string
	title: string
	paragraphs: readonly string[]
	items?: readonly { name: string; note?: string }[]
	/** What the card offers beyond its facts (a town's funeral card: the funeral question). */
	children?: React.ReactNode
}) {
	return (
		<div id={id} className="rounded-2xl border border-stone-200 bg-white p-6">
			<h3 className="font-serif text-xl font-semibold text-stone-900">{title}</h3>
			{paragraphs.map((paragraph) => (
				<p key={paragraph} className="mt-3 leading-7 text-stone-700">
					{paragraph}
				</p>
			))}
			{items.length > 0 ? (
				<ul className="mt-3 grid gap-2 text-stone-700">
					{items.map((item) => (
						<li key={item.name} className="leading-6">
							{/* A place's name is said as it is, in any language: translate="no" tells translators and readers so. */}
							<span translate="no" className="font-semibold text-stone-900">
								{item.name}
							</span>
							{item.note ? <span>: {item.note}</span> : null}
						</li>
					))}
				</ul>
			) : null}
			{children}
		</div>
	)
}
