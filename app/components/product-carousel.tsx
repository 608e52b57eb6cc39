import { useEffect, useRef } from 'react'
import { Autoplay, A11y } from 'swiper/modules'
import { Swiper, SwiperSlide, type SwiperRef } from 'swiper/react'
import 'swiper/css'
import type { ShownProduct } from '#app/domain/product.ts'
import { ProductCard } from '#app/components/product-card.tsx'
import { useMessages } from '#app/components/use-messages.ts'

/**
 * Swiper, loaded on its own chunk only where a slider nears the viewport:
 * loops, advances every 3.5 s, pauses on hover or focus, and stays still
 * for visitors who prefer reduced motion.
 */
export default function ProductCarousel({ products, label }: { products: readonly ShownProduct[]; label: string }) {
	const words = useMessages().products.slider
	const ref = useRef<SwiperRef>(null)
	const reducedMotion = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
	useEffect(() => {
		const swiper = ref.current?.swiper
		if (!swiper || reducedMotion) return
		const element = swiper.el
		const stop = () => swiper.autoplay.stop()
		const start = () => swiper.autoplay.start()
		element.addEventListener('focusin', stop)
		element.addEventListener('focusout', start)
		return () => {
			element.removeEventListener('focusin', stop)
			element.removeEventListener('focusout', start)
		}
	}, [reducedMotion])
	return (
		<Swiper
			ref={ref}
			modules={[Autoplay, A11y]}
			loop={products.length > 5}
			freeMode={false}
			spaceBetween={16}
			slidesPerView={1.25}
			breakpoints={{ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 }, 1280: { slidesPerView: 4 }, 1536: { slidesPerView: 5 } }}
			autoplay={reducedMotion ? false : { delay: 3_500, pauseOnMouseEnter: true, disableOnInteraction: false }}
			a11y={{ enabled: true, containerRoleDescriptionMessage: words.carousel, itemRoleDescriptionMessage: words.slide }}
			aria-label={label}
			data-carousel="ready"
		>
			{products.map((product) => (
				<SwiperSlide key={product.url} className="h-auto pb-1">
					<ProductCard product={product} layout="slider" />
				</SwiperSlide>
			))}
		</Swiper>
	)
}
