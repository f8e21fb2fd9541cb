/** Browser sessionStorage keys shared by the landing page and /checkout (no zod here: it is on the landing bundle). */

/** The checkout data handed from the configuration card to /checkout. */
export const CHECKOUT_DATA_KEY = 'checkoutData';
/** The uploaded file the landing page shows again when the customer comes back. */
export const UPLOADED_FILE_KEY = 'uploadedFile';
