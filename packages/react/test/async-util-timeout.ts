/**
 * How long findBy…/waitFor wait for a state before failing. Testing Library's 1 s is a machine
 * speed: on a busy 2-core CI box a lazily imported chunk (the password-strength list) or a
 * render can take longer. The wait still ends as soon as the state appears.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
