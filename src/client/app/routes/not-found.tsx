import { Link } from 'wouter';
import CircleAlert from '~icons/lucide/circle-alert';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** The 404 card for any path the router does not know (docs/product.md#not-found-and-loading). */
export function NotFoundRoute() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card className="p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <h1 className="font-bold text-2xl tracking-tight">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-muted-foreground text-sm">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonClasses({ variant: 'outline', className: 'mt-6 w-full sm:w-auto' })}>
          Go to the start page
        </Link>
      </Card>
    </div>
  );
}
