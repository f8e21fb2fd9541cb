/** Landing page: to be built by the storefront issue; renders the upload section meanwhile. */
import { UploadSection } from '../components/upload/UploadSection';

export default function Landing() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-blueprint-900">Large-format blueprint printing</h1>
      <section id="upload" className="mt-8">
        <UploadSection />
      </section>
    </div>
  );
}
