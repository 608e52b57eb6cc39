/**
 * What people type into a city search, and where it must lead: the table the
 * search rule is tested against in the unit tests, on /search/ without
 * JavaScript, and in both search boxes in the browser.
 */

/** Text that names a listed city, the way people type it, and the city's slug. */
export const MUST_MATCH: readonly (readonly [string, string])[] = [
	// Misspellings of every featured city.
	['pheonix', 'phoenix'],
	['phenix', 'phoenix'],
	['tuscon', 'tucson'],
	['tucsan', 'tucson'],
	['messa', 'mesa'],
	['chandlr', 'chandler'],
	['chandeler', 'chandler'],
	['scotsdale', 'scottsdale'],
	['scottsdal', 'scottsdale'],
	['glendail', 'glendale'],
	['gilbret', 'gilbert'],
	['tempee', 'tempe'],
	['tempie', 'tempe'],
	['peoira', 'peoria'],
	['surprize', 'surprise'],
	['yumma', 'yuma'],
	['flagstaf', 'flagstaff'],
	['flagstaaf', 'flagstaff'],
	// With the state.
	['Phoenix, AZ', 'phoenix'],
	['Tucson AZ', 'tucson'],
	['Phoenix, Arizona', 'phoenix'],
	['Mesa, Ariz.', 'mesa'],
	['flagstaff az', 'flagstaff'],
	['  SCOTTSDALE,AZ  ', 'scottsdale'],
	['Tempe, AZ, USA', 'tempe'],
	['Gilbert Arizona', 'gilbert'],
	['Pheonix, AZ', 'phoenix'],
	// With a ZIP code.
	['Sedona AZ 86336', 'sedona'],
	['Flagstaff, AZ 86001', 'flagstaff'],
	['Phoenix 85004', 'phoenix'],
	['Yuma, AZ 85364-1234', 'yuma'],
	['zip 85251', 'scottsdale'],
	['Prescott Valley, AZ 86314', 'prescott-valley'],
	// A name typed whole wins over a longer name that contains it.
	['Prescott', 'prescott'],
	['prescott', 'prescott'],
	['Prescott, AZ', 'prescott'],
	['Prescott az', 'prescott'],
	['Prescott, Arizona', 'prescott'],
	// A name one letter short is that name misspelled, not the start of a longer one.
	['prescot', 'prescott'],
	['Prescot, AZ', 'prescott'],
	['Sun City', 'sun-city'],
	// With the county, or the county alone (its largest listed city).
	['Flagstaff, Coconino County', 'flagstaff'],
	['Yuma County, AZ', 'yuma'],
	['Pima County', 'tucson'],
	['Coconino County, Arizona', 'flagstaff'],
	// Odd case and spacing, and longer names.
	['  sun   city west ', 'sun-city-west'],
	['LAKE HAVASU CITY', 'lake-havasu-city'],
	['san tan valley az', 'san-tan-valley'],
	['lake havasu', 'lake-havasu-city'],
	['sierra vista, az', 'sierra-vista'],
	['bullhead', 'bullhead-city'],
	['oro valey', 'oro-valley'],
	['casa grand', 'casa-grande'],
	['goodyer', 'goodyear'],
]

/** Text that names no listed city: it must never be turned into one. */
export const MUST_NOT_MATCH: readonly string[] = [
	'roses',
	'flowers',
	'birthday flowers',
	'hello',
	'new york',
	'New York, NY',
	'california',
	'Los Angeles, CA',
	'las vegas',
	'denver',
	'dallas',
	'chicago',
	'seattle',
	'portland',
	'boston',
	'atlanta',
	'houston',
	'texas',
	'xyz',
	'asdf',
	'mothers day',
	'funeral',
	'wedding',
	'sympathy',
	'arizona',
	'AZ',
	'tulips',
	'lilies',
	'balloons',
	'gift basket',
	'sunflowers',
	'orchid',
	'bouquet',
	'same day delivery',
	'florist',
	'hospital',
	'cheap flowers',
	'red roses',
	'thank you',
	'get well soon',
	'anniversary',
	'graduation',
	'qwerty',
	'12',
	'!!!',
	'paris',
	'london',
	'flower shop',
	'delivery',
	'cupcakes',
	'plants',
	'florist near me',
	'peonies',
	'prescription',
]

/**
 * What senders type that is more than a town's name, from the English or the Spanish search, and
 * where it must lead: `path`, a page of the site (303); or `heading`, the search's own answer (200),
 * whose heading says it in the page's language.
 */
export const UNDERSTOOD: readonly { text: string; lang: 'en' | 'es'; path?: string; heading?: string }[] = [
	// A town among other words, at the section they point to.
	{ text: 'flowers tucson', lang: 'en', path: '/cities/tucson/' },
	{ text: 'hospital flowers tucson', lang: 'en', path: '/cities/tucson/#hospitals' },
	{ text: 'funeral homes tucson', lang: 'en', path: '/cities/tucson/#funerals' },
	{ text: 'wedding flowers mesa', lang: 'en', path: '/cities/mesa/' },
	{ text: 'flores para hospital en tucson', lang: 'es', path: '/es/ciudades/tucson/#hospitals' },
	{ text: 'delivery de flores en chandler', lang: 'es', path: '/es/ciudades/chandler/' },
	{ text: 'fénix', lang: 'es', path: '/es/ciudades/phoenix/' },
	{ text: 'Fenix', lang: 'es', path: '/es/ciudades/phoenix/' },
	// An exact place wins over a reading of its words.
	{ text: 'Arizona City', lang: 'en', path: '/cities/eloy/?near=arizona-city' },
	// Occasions in everyday words.
	{ text: 'mom', lang: 'en', path: '/categories/mothers-day/' },
	{ text: 'sympathy plant', lang: 'en', path: '/categories/sympathy-funeral/' },
	{ text: 'birthday flowers', lang: 'en', path: '/categories/birthday-flowers/' },
	{ text: 'get well soon', lang: 'en', path: '/categories/get-well-soon/' },
	{ text: 'flores para mi mamá', lang: 'es', path: '/es/ocasiones/10-de-mayo/' },
	{ text: 'cumple', lang: 'es', path: '/es/ocasiones/flores-de-cumpleanos/' },
	{ text: 'día del amor y la amistad', lang: 'es', path: '/es/ocasiones/dia-de-san-valentin/' },
	// Occasions the site serves with the nearest list, saying so.
	{ text: 'christmas flowers', lang: 'en', heading: 'Christmas flowers' },
	{ text: 'thank you', lang: 'en', heading: 'Thank-you flowers' },
	{ text: 'wedding', lang: 'en', heading: 'Wedding flowers' },
	{ text: 'quinceañera', lang: 'es', heading: 'Flores para quinceañera' },
	{ text: 'XV años', lang: 'es', heading: 'Flores para quinceañera' },
	{ text: 'día de muertos', lang: 'es', heading: 'Flores para el Día de Muertos' },
	{ text: 'navidad', lang: 'es', heading: 'Flores de Navidad' },
	// Flowers and colours.
	{ text: 'red roses', lang: 'en', heading: 'Arrangements with red roses' },
	{ text: 'sunflowers', lang: 'en', heading: 'Arrangements with sunflowers' },
	{ text: 'rosas rojas', lang: 'es', heading: 'Arreglos con rosas rojas' },
	{ text: 'girasoles', lang: 'es', heading: 'Arreglos con girasoles' },
	// Towns across the border: the Arizona side.
	{ text: 'agua prieta', lang: 'es', heading: 'Flores para Agua Prieta' },
	{ text: 'san luis rio colorado', lang: 'es', heading: 'Flores para San Luis Río Colorado' },
	{ text: 'nogales sonora', lang: 'en', heading: 'Flowers to Nogales, Sonora' },
]

/** Real places that share a common word with a far town: never turned into that town. */
export const NOT_A_FAR_TOWN: readonly (readonly [string, string])[] = [
	['Star Valley', 'san-tan-valley'],
	['Arivaca Junction', 'apache-junction'],
	['Arizona City', 'lake-havasu-city'],
]

/** Text that names nothing the site knows, in either language: the partner's Arizona page (SPEC). */
export const NAMES_NOTHING: readonly string[] = [
	'hello',
	'new york',
	'Los Angeles, CA',
	'las vegas',
	'xyz',
	'asdf',
	'qwerty',
	'12',
	'!!!',
	'paris',
	'cupcakes',
	'Star Valley',
]
