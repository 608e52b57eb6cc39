import { lazy, Suspense, useEffect, useRef } from 'react'
import { Await } from 'react-router'
import { fill } from '#app/words/locale.ts'
import type { ShownProduct } from '#app/domain/product.ts'
import type { ProductsMessages } from '#app/words/products-words.server.ts'
import { LoadingStatus } from '#app/components/loading-status.tsx'
import { ProductCard } from '#app/components/product-card.tsx'
import { useToast } from '#app/components/toaster.tsx'
import { useMessages } from '#app/components/use-messages.ts'
import { useNearViewport } from '#app/components/use-near-viewport.ts'

const ProductCarousel = lazy(() => import('#app/components/product-carousel.tsx'))

/** Slides, whether a background refresh is running, and whether loading failed (the loader never rejects). */
export type SliderData = { products: ShownProduct[]; refreshing: boolean; failed?: boolean; popular?: boolean }

// Slide widths by breakpoint (SPEC §9): 4/5, 1/2, 1/3, 1/4, 1/5.
const slideWidth = 'w-4/5 shrink-0 snap-start sm:w-1/2 lg:w-1/3 xl:w-1/4 2xl:w-1/5'
const row = 'relative flex gap-4 overflow-x-auto pb-2 snap-x snap-mandatory'

type SliderVariant = 'featured' | 'bestsellers' | 'popular'

function sliderTitle(words: ProductsMessages['slider'], variant: SliderVariant, city?: string) {
	if (variant === 'popular' && city) return fill(words.popularIn, { city })
	if (!city) return variant === 'bestsellers' ? words.bestsellers : words.featured
	return fill(variant === 'bestsellers' ? words.bestsellersIn : words.featuredIn, { city })
}

function SliderSkeleton() {
	return (
		<LoadingStatus>
			<ul className={row}>
				{Array.from({ length: 8 }, (_, index) => (
					<li key={index} className={slideWidth}>
						<div className="aspect-square animate-pulse rounded-2xl bg-stone-200" />
						<div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-stone-200" />
					</li>
				))}
			</ul>
		</LoadingStatus>
	)
}

/**
 * Server-rendered row of slides, a native scroller; Swiper takes over once the
 * slider is actually in view, so a phone that has not scrolled to it spends
 * no script on it.
 */
function Slides({ data, label }: { data: SliderData; label: string }) {
	const words = useMessages().products.slider
	const ref = useRef<HTMLDivElement>(null)
	const near = useNearViewport(ref, '0px')
	const staticRow = (
		<ul className={row} aria-label={label}>
			{data.products.map((product) => (
				<li key={product.url} className={`${slideWidth} offscreen-card`}>
					<ProductCard product={product} layout="slider" />
				</li>
			))}
		</ul>
	)
	return (
		<div ref={ref} data-state="loaded">
			{data.refreshing ? <p className="mb-3 text-sm text-stone-600">{words.refreshing}</p> : null}
			{near ? (
				<Suspense fallback={staticRow}>
					<ProductCarousel products={data.products} label={label} />
				</Suspense>
			) : (
				staticRow
			)}
		</div>
	)
}

function SliderError() {
	const { show } = useToast()
	const words = useMessages().products
	useEffect(() => {
		show({ title: words.slider.failedTitle, description: words.tryLater })
	}, [show, words])
	return null
}

/**
 * A row of arrangements: 8 skeletons while loading, then the slides, or
 * nothing at all when there are none.
 */
export function ProductSlider({ data, variant, city }: { data: SliderData | Promise<SliderData>; variant: SliderVariant; city?: string }) {
	const title = sliderTitle(useMessages().products.slider, variant, city)
	const id = `slider-${variant}`
	const render = (loaded: SliderData) =>
		loaded.failed ? (
			<SliderError />
		) : loaded.products.length === 0 ? null : (
			<section aria-labelledby={id} className="container-page py-10">
				<h2 id={id} className="section-title">
					{title}
				</h2>
				<div className="mt-6">
					<Slides data={loaded} label={title} />
				</div>
			</section>
		)
	if (!(data instanceof Promise)) return render(data)
	return (
		<Suspense
			fallback={
				<section aria-label={title} className="container-page py-10">
					<div className="h-9 w-72 animate-pulse rounded bg-stone-200" />
					<div className="mt-6">
						<SliderSkeleton />
					</div>
				</section>
			}
		>
			<Await resolve={data}>{render}</Await>
		</Suspense>
	)
}
