import { expect, test } from 'vitest'
import { applyView, describeView, parseView, priceOf, viewSearch } from '#app/domain/product-view.ts'
import { products as words } from '#app/words/products-words.server.ts'

const products = ['$54.95', '$79.95', '$80.00', '$99.99', '$129.00', undefined, '$60.00', '$1,250.00'].map((price, index) => ({ title: `P${index}`, price }))

test('prices are read from the partner’s text', () => {
	expect(priceOf({ price: '$1,250.00' })).toBe(1250)
	expect(priceOf({ price: 'From $39.95' })).toBe(39.95)
	expect(priceOf({ price: undefined })).toBeUndefined()
	expect(priceOf({ price: 'Call us' })).toBeUndefined()
})

test('bands keep the prices they name; sorts order by price with unpriced last', () => {
	const titles = (view: Parameters<typeof applyView>[1]) => applyView(products, view).map((product) => product.price)
	expect(titles({ band: 'under-60' })).toEqual(['$54.95'])
	expect(titles({ band: '60-80' })).toEqual(['$79.95', '$80.00', '$60.00'])
	expect(titles({ band: '80-100' })).toEqual(['$99.99'])
	expect(titles({ band: 'over-100' })).toEqual(['$129.00', '$1,250.00'])
	expect(titles({ sort: 'price-asc' })).toEqual(['$54.95', '$60.00', '$79.95', '$80.00', '$99.99', '$129.00', '$1,250.00', undefined])
	expect(titles({ sort: 'price-desc', band: '60-80' })).toEqual(['$80.00', '$79.95', '$60.00'])
	expect(titles({})).toEqual(products.map((product) => product.price))
})

test('the address carries the view; anything else in it is ignored', () => {
	expect(parseView(new URLSearchParams('sort=price-desc&band=80-100'))).toEqual({ sort: 'price-desc', band: '80-100' })
	expect(parseView(new URLSearchParams('sort=cheapest&band=%3Cscript%3E&page=2'))).toEqual({})
	// An assortment counts only where the page offers it.
	expect(parseView(new URLSearchParams('assortment=wreaths&sort=price-asc'), ['wreaths', 'plants'])).toEqual({ assortment: 'wreaths', sort: 'price-asc' })
	expect(parseView(new URLSearchParams('assortment=wreaths'))).toEqual({})
	expect(viewSearch({ assortment: 'plants', sort: 'price-desc' })).toBe('?assortment=plants&sort=price-desc')
	expect(viewSearch({ band: '60-80', sort: 'price-asc' })).toBe('?sort=price-asc&band=60-80')
	expect(viewSearch({})).toBe('')
	expect(describeView({ band: '60-80', sort: 'price-asc' }, words.en.view)).toBe('$60–$80, price low to high')
})
