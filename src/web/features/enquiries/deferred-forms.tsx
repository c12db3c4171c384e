import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, type ComponentType } from "react";

/**
 * The public site's forms load after the page's first render: their inputs, form helpers and
 * rules are about 10 KB of gzip that the page's text does not need (the 151 KB budget of a
 * public page). The pre-rendered page holds the form's HTML all the same.
 */
function FormLoading() {
  return (
    <Center mih={320} maw={640}>
      <Loader aria-label="Loading the form" />
    </Center>
  );
}

/** A form component loaded on first use, its loading state in its place meanwhile. */
function deferred<Props extends object = object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredForm(props: Props) {
    return (
      <Suspense fallback={<FormLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const ContactForm = deferred(() => import("./contact-form.tsx").then((module) => module.ContactForm));
export const AffiliateForm = deferred(() => import("./affiliate-form.tsx").then((module) => module.AffiliateForm));
export const WorkspaceEnquiryForm = deferred(() => import("./workspace-enquiry-form.tsx").then((module) => module.WorkspaceEnquiryForm));
