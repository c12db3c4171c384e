import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";

/**
 * The public site's forms load after the page's first render: their inputs, form helpers and
 * rules are about 10 KB of gzip that the page's text does not need (the 150 KB budget of a
 * public page, issue 3). The pre-rendered page holds the form's HTML all the same.
 */
const LazyContactForm = lazy(() => import("./contact-form.tsx").then((module) => ({ default: module.ContactForm })));
const LazyAffiliateForm = lazy(() => import("./affiliate-form.tsx").then((module) => ({ default: module.AffiliateForm })));

function FormLoading() {
  return (
    <Center mih={320} maw={640}>
      <Loader aria-label="Loading the form" />
    </Center>
  );
}

export function ContactForm() {
  return (
    <Suspense fallback={<FormLoading />}>
      <LazyContactForm />
    </Suspense>
  );
}

export function AffiliateForm() {
  return (
    <Suspense fallback={<FormLoading />}>
      <LazyAffiliateForm />
    </Suspense>
  );
}
