// Stand-in for Google's reCAPTCHA Enterprise script (https://www.google.com/recaptcha/enterprise.js),
// served by the e2e stack's fake reCAPTCHA: `grecaptcha.enterprise.ready` and `execute`, whose
// tokens come from that server, so its assessments API knows which ones it issued.
(() => {
  const origin = '__FAKE_RECAPTCHA_ORIGIN__';
  const enterprise = {
    ready(callback) {
      setTimeout(callback, 0);
    },
    async execute(siteKey, options) {
      const response = await fetch(`${origin}/recaptcha/token`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ siteKey, action: options?.action }),
      });
      if (!response.ok) throw new Error(`fake reCAPTCHA answered ${response.status}`);
      return (await response.json()).token;
    },
  };
  window.grecaptcha = { ...window.grecaptcha, enterprise };
})();
