/** A peak day's note (app/server/peak-days-ahead.server.ts): its label, the day and what to send for, and by when to order. */
export function PeakNote({ notice, className }: { notice: { label: string; sentences: readonly string[] }; className: string }) {
	return (
		<div role="note" className={`rounded-xl border-l-4 border-brand-700 bg-brand-50 text-stone-900 ${className}`}>
			<p className="font-semibold">{notice.label}</p>
			{notice.sentences.map((sentence) => (
				<p key={sentence} className="mt-1">
					{sentence}
				</p>
			))}
		</div>
	)
}
