import { Baby, Cake, Flower, Flower2, Gem, Gift, GraduationCap, Heart, HeartPulse, Sparkles, Sun } from 'lucide-react'
import type { CategoryIcon as IconName } from '#app/domain/catalog-schema.ts'

const icons = {
	heart: Heart,
	cake: Cake,
	'flower-2': Flower2,
	flower: Flower,
	baby: Baby,
	'graduation-cap': GraduationCap,
	'heart-pulse': HeartPulse,
	gem: Gem,
	sparkles: Sparkles,
	gift: Gift,
	sun: Sun,
} satisfies Record<IconName, unknown>

export function CategoryIcon({ name, className }: { name: IconName; className?: string }) {
	const Icon = icons[name]
	return <Icon aria-hidden="true" className={className} />
}
