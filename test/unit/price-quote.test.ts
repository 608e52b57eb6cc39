import { expect, test } from 'vitest'
import { deliveredLine, deliveredPrice, dollars, quoteSource, type PriceQuote } from '#app/domain/price-quote.ts'
import { products } from '#app/words/products-words.server.ts'
import { whoDelivers } from '#app/words/who-delivers-words.server.ts'
import { delivery } from '#app/words/delivery-words.server.ts'

const quote: PriceQuote = { zip: '86001', date: { year: 2026, month: 11, day: 24 }, subtotal: 39.95, serviceCharge: 14.99, tax: 3.2 }

test('the quoted product costs exactly its partner total delivered', () => {
	expect(deliveredPrice(39.95, quote)).toBe(58.14)
})

test('another product pays the same service charge and tax in the same proportion to its price', () => {
	expect(deliveredPrice(79.9, quote)).toBe(Math.round((79.9 + 14.99 + 6.4) * 100) / 100)
	expect(deliveredPrice(50, { ...quote, tax: 0 })).toBe(64.99)
})

test('the figures are named as the partner’s, for the ZIP and the day', () => {
	expect(quoteSource(quote, whoDelivers.en.quote, delivery.en.dates)).toBe('Florist One’s figures for ZIP 86001 on Tuesday, November 24, 2026')
	expect(dollars(3.2)).toBe('$3.20')
})

test('a card’s delivered price reads as dollars in both languages, and says in Spanish that it includes delivery and tax', () => {
	expect(deliveredLine({ price: 58.1, place: 'Flagstaff' }, products.en.card.delivered)).toBe('about $58.10 delivered to Flagstaff')
	expect(deliveredLine({ price: 58.14, place: 'Flagstaff' }, products.es.card.delivered)).toBe('unos $58.14 con entrega en Flagstaff, impuestos incluidos')
})

test('in Spanish the figures are named with the date in Spanish words', () => {
	expect(quoteSource(quote, whoDelivers.es.quote, delivery.es.dates)).toBe(
		'cifras de Florist One para el código postal 86001, del martes 24 de noviembre de 2026',
	)
})
