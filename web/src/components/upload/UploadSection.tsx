/** The upload drop zone and configuration card. Placeholder until the upload issue builds it. */
export function UploadSection() {
  return (
    <div className="rounded-xl border-2 border-dashed border-blueprint-200 bg-white p-10 text-center text-slate-600">
      Drop your PDF drawing set here.
    </div>
  );
}
