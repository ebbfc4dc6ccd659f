/** Apollo Client and the form library, evaluated in a task of their own (see runtime-react.ts). */
export { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
export { ApolloProvider } from '@apollo/client/react';
export { createForm } from 'final-form';
export { Form } from 'react-final-form';
