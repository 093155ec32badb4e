import type { ComponentType, SVGProps } from 'react';
import CalendarCheck from '~icons/lucide/calendar-check';
import GripVertical from '~icons/lucide/grip-vertical';
import MoonStar from '~icons/lucide/moon-star';
import MousePointerClick from '~icons/lucide/mouse-pointer-click';
import Palette from '~icons/lucide/palette';
import ShieldCheck from '~icons/lucide/shield-check';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { BrandMark, PRODUCT_NAME } from '../layout/brand';

type Feature = { title: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>> };

/** The advertised features, in the order of docs/product.md#signed-out-pages. */
const features: Feature[] = [
  {
    title: 'Drag-and-drop sorting',
    text: 'Put goals, tasks and habits in the order that works for you.',
    icon: GripVertical,
  },
  {
    title: 'Today view',
    text: 'Plan the day with one focused list of what matters now.',
    icon: CalendarCheck,
  },
  { title: 'Light and dark themes', text: 'Easy on the eyes, morning or night.', icon: MoonStar },
  {
    title: 'Colour-coded goals, habits and tasks',
    text: 'Give every goal its own colour and spot it at a glance.',
    icon: Palette,
  },
  {
    title: 'Context-sensitive management',
    text: 'Add, edit and tidy up right where you are.',
    icon: MousePointerClick,
  },
];

/**
 * Signed-out `/`: product name, pitch, features, Google sign-in and its note
 * (docs/product.md#signed-out-pages).
 */
export function LandingRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-10 pb-16 sm:pt-16">
      <section className="flex flex-col items-center text-center">
        <BrandMark className="size-14 shadow-lg shadow-primary/20 sm:size-16" />
        <h1 className="mt-6 font-bold text-4xl tracking-tight sm:text-5xl">{PRODUCT_NAME}</h1>
        <p className="mt-4 max-w-md text-balance text-lg text-muted-foreground sm:text-xl">
          A mobile-optimized app to track goals, manage tasks and build habits.
        </p>
        <GoogleSignInButton className="mt-8 w-full max-w-xs" />
        <p className="mt-3 inline-flex items-center gap-1.5 text-muted-foreground text-sm">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Secure authentication powered by Google
        </p>
      </section>

      <section aria-labelledby="features-heading" className="mt-14 sm:mt-20">
        <h2
          id="features-heading"
          className="text-center font-semibold text-muted-foreground text-sm uppercase tracking-wider"
        >
          Key features
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {features.map(({ title, text, icon: Icon }) => (
            <li
              key={title}
              // Five cards in two columns: the last one spans both rather than leaving a hole beside it.
              className="flex gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 sm:last:odd:col-span-2"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-medium">{title}</h3>
                <p className="mt-1 text-muted-foreground text-sm">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
