// A contact request and a newsletter sign-up as the site's forms send them, shared by the tests
// of the lead endpoints (server/leads/) and of their attribution (server/measurement/).

export const contactFields = {
  domain: "www.tallyway.example",
  type: "Lead",
  name: "Ann Lee",
  email: "ann@example.com",
  subject: "Pricing",
  details: "How much for 20 users?",
};

export const subscribeFields = {
  list: "tallyway.example",
  what: "subscribe",
  email: "bo@example.com",
  first_name: "Bo",
  last_name: "Ng",
};

/** Fields as a query string or a form-encoded body. */
export const encoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
