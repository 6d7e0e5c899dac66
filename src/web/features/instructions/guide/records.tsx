import { Link } from "react-router";
import type { GuideSection } from "./guideSection";

export const recordsSections: GuideSection[] = [
  {
    id: "clients",
    title: "Clients",
    body: (
      <>
        <p>
          <Link to="/clients">Clients</Link> is your address book of customers. Add a client with a name (the
          only required field) and, as you need them, company, e-mail, phone, GSTIN, billing address, a
          separate shipping address and private notes.
        </p>
        <ul>
          <li>A GSTIN, when you enter one, is checked for the correct 15-character format.</li>
          <li>Search the list, and edit or delete a client from its row.</li>
          <li>
            Deleting a client does not touch invoices already made for them: each invoice keeps the details as
            they were when it was saved.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "inventory",
    title: "Inventory",
    body: (
      <>
        <p>The Inventory menu has three screens.</p>
        <h3>Overview</h3>
        <p>
          <Link to="/inventory">Inventory Overview</Link> shows how many items you have, total units in stock,
          stock value at cost price and at sale rate, and lists of low-stock and out-of-stock items.
        </p>
        <h3>Product List</h3>
        <p>
          <Link to="/inventory/details">Product List</Link> shows every product and service with its rate,
          cost and quantity. Search by name or HSN/SAC, sort by any column and filter to, for example,
          low-stock items.
        </p>
        <h3>Manage Items</h3>
        <p>
          In <Link to="/inventory/manage-items">Manage Items</Link> you create, edit and delete products and
          services. An item has a name, HSN/SAC code, sale rate, cost price, available quantity, unit, default
          tax % and discount %, and a low-stock level. Services, and products without a quantity, are not
          stock-tracked.
        </p>
        <h3>Stock adjustments</h3>
        <p>
          Use <strong>Adjust stock</strong> on an item to add a delivery or remove damaged or lost goods.
          Enter the change and a reason; every adjustment is kept in the item’s stock history.
        </p>
        <h3>How invoices move stock</h3>
        <ul>
          <li>Issuing an invoice (or saving it straight as paid) takes its quantities out of stock.</li>
          <li>Cancelling or deleting it, or turning it back into a draft, puts them back.</li>
          <li>Editing an issued invoice moves only the difference, for example 2 more or 1 fewer.</li>
          <li>Drafts never move stock.</li>
        </ul>
      </>
    ),
  },
];
