import { Link } from 'wouter';
import { Card, buttonClasses } from '../components/ui';

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg items-center px-4 py-24">
      <Card className="w-full p-8">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-slate-600">Did you forget to add the page to the router? The address you opened does not exist here.</p>
        <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Return Home
        </Link>
      </Card>
    </div>
  );
}
