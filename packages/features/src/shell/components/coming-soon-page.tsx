import { Link } from "react-router";
import { Construction } from "lucide-react";
import { Button, EmptyState } from "@vicinity/ui";

export interface ComingSoonPageProps {
  /** The screen's name, e.g. "Messages". */
  title: string;
  /** What the screen will hold. */
  description?: string;
  /** Inside a layout that draws the page's <main> already (the admin pages): a section. */
  inLayout?: boolean;
}

/** A registered route whose screen is not built yet: says so, instead of a blank page. */
export function ComingSoonPage({
  title,
  description = "This part of Vicinity is coming soon.",
  inLayout = false,
}: ComingSoonPageProps) {
  const Root = inLayout ? "section" : "main";
  return (
    <Root className="flex flex-1 items-center justify-center bg-background px-6 py-16">
      <EmptyState
        level={1}
        icon={<Construction className="size-8" aria-hidden />}
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        }
      />
    </Root>
  );
}
