/**
 * The home route: guests (and everyone while the session loads) get the landing page; signed-in
 * customers get the dashboard. The dashboard loads as its own chunk so guests never download it.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useUser } from '../data/auth';
import { Faq } from '../components/landing/Faq';
import { Hero } from '../components/landing/Hero';
import { Policies } from '../components/landing/Policies';
import { Pricing } from '../components/landing/Pricing';
import { Testimonials } from '../components/landing/Testimonials';
import { WhyUs } from '../components/landing/WhyUs';
import { UploadSection } from '../components/upload/UploadSection';
import { Spinner } from '../components/ui';

const Dashboard = lazy(() => import('./Dashboard'));

export default function Landing() {
  const { user } = useUser();
  if (user) {
    return (
      <Suspense
        fallback={
          <div className="flex justify-center py-24">
            <Spinner />
          </div>
        }
      >
        <Dashboard />
      </Suspense>
    );
  }
  return <LandingPage />;
}

function LandingPage() {
  // Arriving at /#faq (the footer's links from other pages): the sections exist only now, so scroll here.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <>
      <Hero />
      <section id="upload" tabIndex={-1} aria-labelledby="upload-title" className="scroll-mt-20 py-16 outline-none sm:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <div className="mb-8 text-center">
            <p className="text-sm font-semibold uppercase tracking-widest text-blueprint-700">Step 1 · Upload</p>
            <h2 id="upload-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Upload your drawing set
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-slate-600">
              One PDF or several (a folder of sheets too), up to 50 MB each. Every sheet prints at 100% on the paper it fits, 24" x 36" or 30" x 42" (ARCH D,
              ANSI D, ISO A1, ARCH E1). We count the pages and check the sizes, then you choose black and white or color and see your price.
            </p>
          </div>
          <UploadSection />
        </div>
      </section>
      <Pricing />
      <WhyUs />
      <Testimonials />
      <Faq />
      <Policies />
    </>
  );
}
