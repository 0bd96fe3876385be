import { Suspense } from 'react';
import { ClosingCta } from './closing-cta';
import { Features } from './features';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { Pricing } from './pricing';
import { TimeSavingMethod } from './time-saving';

// Each <Suspense> boundary is hydrated on its own, in time slices, instead of the whole page in one long
// task (React's selective hydration); it keeps main-thread blocking low on slow phones.
export function LandingPage() {
  return (
    <>
      <Suspense>
        <LandingHeader />
      </Suspense>
      <main>
        <Suspense>
          <Hero />
        </Suspense>
        <Suspense>
          <Features />
        </Suspense>
        <Suspense>
          <Pricing />
        </Suspense>
        <Suspense>
          <TimeSavingMethod />
        </Suspense>
        <Suspense>
          <ClosingCta />
        </Suspense>
      </main>
      <Suspense>
        <LandingFooter />
      </Suspense>
    </>
  );
}
